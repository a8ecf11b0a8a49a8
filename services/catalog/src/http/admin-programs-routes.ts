import type Router from '@koa/router';
import {
  createProgramSchema,
  reorderProgramsSchema,
  updateProgramSchema,
} from '@sleep-ritual/contracts/admin';
import type { CatalogDeps } from '../deps.ts';
import { createProgram, listPrograms } from '../domain/admin-content.ts';
import { reorderPrograms } from '../domain/admin-reorder.ts';
import { rowRoutes } from './admin-content-http.ts';
import { adminRouter } from './admin-router.ts';

export function adminProgramsRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  router.get('/programs', async (ctx) => {
    ctx.body = await listPrograms(deps);
  });

  router.post('/programs', async (ctx) => {
    ctx.body = await createProgram(deps, createProgramSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  // Before '/programs/:id', which would otherwise take "reorder" for an id.
  router.put('/programs/reorder', async (ctx) => {
    ctx.body = await reorderPrograms(deps, reorderProgramsSchema.parse(ctx.request.body));
  });

  rowRoutes(router, deps, 'program', '/programs/:id', 'put', updateProgramSchema);

  return router;
}
