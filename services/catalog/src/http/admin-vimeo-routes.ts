import type Router from '@koa/router';
import { vimeoLookupQuerySchema } from '@sleep-ritual/contracts/admin';
import type { CatalogDeps } from '../deps.ts';
import { lookUpVimeoVideo } from '../domain/vimeo-details.ts';
import { adminRouter } from './admin-router.ts';

/** GET /api/admin/vimeo?url=…: the class form's look-up of a video's title, length and thumbnail. */
export function adminVimeoRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  router.get('/vimeo', async (ctx) => {
    const { url } = vimeoLookupQuerySchema.parse(ctx.query);
    ctx.body = await lookUpVimeoVideo(deps.config.vimeoOembedUrl, url);
  });
  return router;
}
