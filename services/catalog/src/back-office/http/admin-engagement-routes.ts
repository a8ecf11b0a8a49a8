import type Router from '@koa/router';
import { engagementQuerySchema } from '@sleep-ritual/contracts/admin-members';
import type { CatalogDeps } from '../../deps.ts';
import { getEngagement } from '../domain/admin-engagement.ts';
import { adminRouter } from '../../http/admin-router.ts';

/** Where learners stop: per class of a programme, started, completed and the median watched. */
export function adminEngagementRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  router.get('/engagement', async (ctx) => {
    const { programId } = engagementQuerySchema.parse(ctx.query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await getEngagement(deps.db, programId);
  });

  return router;
}
