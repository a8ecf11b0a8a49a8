import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  createPathSchema,
  reorderPathsSchema,
  updatePathSchema,
  type Deleted,
} from '@sleep-ritual/contracts/admin';
import type { CatalogDeps } from '../deps.ts';
import { getPathDetails, getPathInTree, softDelete, updateRow } from '../domain/admin-content.ts';
import { reorderChildren } from '../domain/admin-reorder.ts';
import { childrenRoutes, idParam, lockRoute } from './admin-content-http.ts';
import { adminRouter } from './admin-router.ts';

/** The spec's address of one path names its phase and programme, which must be the real ones. */
const NESTED = '/programs/:programId/phases/:phaseId/paths/:pathId';

export function adminPathsRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  childrenRoutes(router, deps, 'path', '/phases/:phaseId/paths', 'phaseId', createPathSchema);

  router.patch('/phases/:phaseId/paths/reorder', async (ctx) => {
    const phaseId = idParam(ctx, 'phaseId');
    ctx.body = await reorderChildren(deps, 'path', phaseId, reorderPathsSchema.parse(ctx.request.body).paths);
  });

  router.get('/paths/:pathId', async (ctx) => {
    ctx.body = await getPathDetails(deps, idParam(ctx, 'pathId'));
  });

  lockRoute(router, deps, 'path', '/paths/:id/lock');

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

  return router;
}
