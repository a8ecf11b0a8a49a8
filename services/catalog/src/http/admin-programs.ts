import type Router from '@koa/router';
import { createProgramSchema, reorderProgramsSchema, updateProgramSchema } from '@sleep-ritual/contracts/admin';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { createProgram, getLive, listPrograms, updateRow } from '../domain/admin-content.ts';
import { reorderPrograms } from '../domain/admin-reorder.ts';
import { idParam, softDeleteRoute } from './admin-http.ts';

export function registerProgramRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/programs', async (ctx) => {
    ctx.body = await listPrograms(deps);
  });

  // Before '/programs/:programId', which would otherwise take "reorder" for an id.
  router.put('/programs/reorder', async (ctx) => {
    ctx.body = await reorderPrograms(deps, reorderProgramsSchema.parse(ctx.request.body));
  });

  router.post('/programs', async (ctx) => {
    ctx.body = await createProgram(deps, createProgramSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  router.get('/programs/:programId', async (ctx) => {
    ctx.body = await getLive(deps, 'program', idParam(ctx, 'programId'));
  });

  router.put('/programs/:programId', async (ctx) => {
    const programId = idParam(ctx, 'programId');
    ctx.body = await updateRow(deps, 'program', programId, updateProgramSchema.parse(ctx.request.body));
  });

  softDeleteRoute(router, deps, 'program', '/programs/:programId', 'programId');
}
