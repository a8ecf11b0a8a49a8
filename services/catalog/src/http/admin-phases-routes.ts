import type Router from '@koa/router';
import { createPhaseSchema, reorderPhasesSchema, updatePhaseSchema } from '@sleep-ritual/contracts/admin';
import type { CatalogDeps } from '../deps.ts';
import { reorderPhases } from '../domain/admin-reorder.ts';
import { childrenRoutes, lockRoute, rowRoutes } from './admin-content-http.ts';
import { adminRouter } from './admin-router.ts';

export function adminPhasesRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  childrenRoutes(router, deps, 'phase', '/programs/:programId/phases', 'programId', createPhaseSchema);

  // Before '/phases/:id', which would otherwise take "reorder" for an id.
  router.put('/phases/reorder', async (ctx) => {
    ctx.body = await reorderPhases(deps, reorderPhasesSchema.parse(ctx.request.body));
  });

  rowRoutes(router, deps, 'phase', '/phases/:id', 'put', updatePhaseSchema);
  lockRoute(router, deps, 'phase', '/phases/:id/lock');

  return router;
}
