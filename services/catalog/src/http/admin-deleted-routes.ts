import type Router from '@koa/router';
import { contentLevelSchema } from '@sleep-ritual/contracts/admin';
import type { CatalogDeps } from '../deps.ts';
import { listDeleted, restoreDeleted } from '../domain/deleted-content.ts';
import { idParam } from './admin-content-http.ts';
import { adminRouter } from './admin-router.ts';

/** GET /deleted: the deletions to undo; POST /deleted/{level}/{id}/restore undoes one. */
export function adminDeletedRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  router.get('/deleted', async (ctx) => {
    ctx.body = await listDeleted(deps);
  });
  router.post('/deleted/:level/:id/restore', async (ctx) => {
    const level = contentLevelSchema.parse(ctx.params.level);
    ctx.body = await restoreDeleted(deps, level, idParam(ctx, 'id'));
  });
  return router;
}
