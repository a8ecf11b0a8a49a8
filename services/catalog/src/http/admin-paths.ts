import type Router from '@koa/router';
import { createPathSchema, reorderPathsSchema, updatePathSchema, type Deleted } from '@sleep-ritual/contracts/admin';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { Context } from 'koa';
import {
  createUnder,
  getPathDetails,
  getPathInTree,
  listUnder,
  softDelete,
  updateRow,
} from '../domain/admin-content.ts';
import { reorderChildren } from '../domain/admin-reorder.ts';
import { idParam, lockRoute } from './admin-http.ts';

const NESTED = '/programs/:programId/phases/:phaseId/paths/:pathId';

export function registerPathRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/phases/:phaseId/paths', async (ctx) => {
    ctx.body = await listUnder(deps, 'path', idParam(ctx, 'phaseId'));
  });

  router.post('/phases/:phaseId/paths', async (ctx) => {
    const phaseId = idParam(ctx, 'phaseId');
    ctx.body = await createUnder(deps, 'path', phaseId, createPathSchema.parse(ctx.request.body));
    ctx.status = 201;
  });

  router.patch('/phases/:phaseId/paths/reorder', async (ctx) => {
    const phaseId = idParam(ctx, 'phaseId');
    ctx.body = await reorderChildren(deps, 'path', phaseId, reorderPathsSchema.parse(ctx.request.body).paths);
  });

  lockRoute(router, deps, 'path', '/paths/:id/lock');

  router.get('/paths/:pathId', async (ctx) => {
    ctx.body = await getPathDetails(deps, idParam(ctx, 'pathId'));
  });

  const pathInAddress = (ctx: Context) =>
    getPathInTree(deps, idParam(ctx, 'programId'), idParam(ctx, 'phaseId'), idParam(ctx, 'pathId'));

  router.get(NESTED, async (ctx) => {
    ctx.body = await pathInAddress(ctx);
  });

  router.patch(NESTED, async (ctx) => {
    const path = await pathInAddress(ctx);
    ctx.body = await updateRow(deps, 'path', path.id, updatePathSchema.parse(ctx.request.body));
  });

  router.delete(NESTED, async (ctx) => {
    const path = await pathInAddress(ctx);
    await softDelete(deps, 'path', path.id);
    ctx.body = { success: true } satisfies Deleted;
  });
}
