import type Router from '@koa/router';
import { createClassSchema, reorderClassesSchema, updateClassSchema } from '@sleep-ritual/contracts/admin';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { createUnder, getLive, listUnder, updateRow } from '../domain/admin-content.ts';
import { reorderChildren } from '../domain/admin-reorder.ts';
import { idParam, lockRoute, softDeleteRoute } from './admin-http.ts';

export function registerClassRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/paths/:pathId/classes', async (ctx) => {
    ctx.body = await listUnder(deps, 'class', idParam(ctx, 'pathId'));
  });

  router.post('/paths/:pathId/classes', async (ctx) => {
    const pathId = idParam(ctx, 'pathId');
    ctx.body = await createUnder(deps, 'class', pathId, createClassSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  router.post('/paths/:pathId/classes/reorder', async (ctx) => {
    const pathId = idParam(ctx, 'pathId');
    const { classUpdates } = reorderClassesSchema.parse(ctx.request.body);
    ctx.body = await reorderChildren(deps, 'class', pathId, classUpdates);
  });

  router.get('/classes/:classId', async (ctx) => {
    ctx.body = await getLive(deps, 'class', idParam(ctx, 'classId'));
  });

  router.put('/classes/:classId', async (ctx) => {
    const classId = idParam(ctx, 'classId');
    ctx.body = await updateRow(deps, 'class', classId, updateClassSchema.parse(ctx.request.body));
  });

  // Soft, like the other levels: see README.md ("Deleting a class").
  softDeleteRoute(router, deps, 'class', '/classes/:id', 'id');
  lockRoute(router, deps, 'class', '/classes/:id/lock');
}
