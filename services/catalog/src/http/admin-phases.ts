import type Router from '@koa/router';
import { createPhaseSchema, reorderPhasesSchema, updatePhaseSchema } from '@sleep-ritual/contracts/admin';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { reorderPhases } from '../domain/admin-reorder.ts';
import { childrenRoutes, lockRoute, rowRoutes } from './admin-http.ts';

export function registerPhaseRoutes(router: Router, deps: ServiceDeps): void {
  childrenRoutes(router, deps, 'phase', '/programs/:programId/phases', 'programId', createPhaseSchema);

  // Before '/phases/:id', which would otherwise take "reorder" for an id.
  router.put('/phases/reorder', async (ctx) => {
    ctx.body = await reorderPhases(deps, reorderPhasesSchema.parse(ctx.request.body));
  });

  rowRoutes(router, deps, 'phase', '/phases/:id', 'put', updatePhaseSchema);
  lockRoute(router, deps, 'phase', '/phases/:id/lock');
}
