import type Router from '@koa/router';
import { createClassSchema, reorderClassesSchema, updateClassSchema } from '@sleep-ritual/contracts/admin';
import type { CatalogDeps } from '../deps.ts';
import { duplicateClass } from '../domain/admin-content.ts';
import { reorderChildren } from '../domain/admin-reorder.ts';
import { childrenRoutes, idParam, lockRoute, rowRoutes } from './admin-content-http.ts';
import { adminRouter } from './admin-router.ts';
import { transcriptRoutes } from './transcript-routes.ts';

export function adminClassesRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  childrenRoutes(router, deps, 'class', '/paths/:pathId/classes', 'pathId', createClassSchema);

  router.post('/paths/:pathId/classes/reorder', async (ctx) => {
    const pathId = idParam(ctx, 'pathId');
    const { classUpdates } = reorderClassesSchema.parse(ctx.request.body);
    ctx.body = await reorderChildren(deps, 'class', pathId, classUpdates);
  });

  // DELETE is soft here too: see README.md ("Deleting a class").
  rowRoutes(router, deps, 'class', '/classes/:id', 'put', updateClassSchema);
  lockRoute(router, deps, 'class', '/classes/:id/lock');

  transcriptRoutes(router, deps);

  router.post('/classes/:id/duplicate', async (ctx) => {
    ctx.body = await duplicateClass(deps, idParam(ctx, 'id'));
    ctx.status = 201;
  });

  return router;
}
