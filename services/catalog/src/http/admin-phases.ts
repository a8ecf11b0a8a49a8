import type Router from '@koa/router';
import { createPhaseSchema, reorderPhasesSchema, updatePhaseSchema } from '@sleep-ritual/contracts/admin';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { createUnder, getLive, listUnder, updateRow } from '../domain/admin-content.ts';
import { reorderPhases } from '../domain/admin-reorder.ts';
import { idParam, lockRoute, softDeleteRoute } from './admin-http.ts';

export function registerPhaseRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/programs/:programId/phases', async (ctx) => {
    ctx.body = await listUnder(deps, 'phase', idParam(ctx, 'programId'));
  });

  router.post('/programs/:programId/phases', async (ctx) => {
    const programId = idParam(ctx, 'programId');
    ctx.body = await createUnder(deps, 'phase', programId, createPhaseSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  // Before '/phases/:phaseId', which would otherwise take "reorder" for an id.
  router.put('/phases/reorder', async (ctx) => {
    ctx.body = await reorderPhases(deps, reorderPhasesSchema.parse(ctx.request.body));
  });

  lockRoute(router, deps, 'phase', '/phases/:id/lock');

  router.get('/phases/:phaseId', async (ctx) => {
    ctx.body = await getLive(deps, 'phase', idParam(ctx, 'phaseId'));
  });

  router.put('/phases/:phaseId', async (ctx) => {
    const phaseId = idParam(ctx, 'phaseId');
    ctx.body = await updateRow(deps, 'phase', phaseId, updatePhaseSchema.parse(ctx.request.body));
  });

  softDeleteRoute(router, deps, 'phase', '/phases/:phaseId', 'phaseId');
}
