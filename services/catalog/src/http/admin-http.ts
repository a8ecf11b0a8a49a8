import type Router from '@koa/router';
import type { Context } from 'koa';
import { lockSchema, type Deleted } from '@sleep-ritual/contracts/admin';
import { idParamSchema } from '@sleep-ritual/contracts/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import type { Level } from '../data/admin-tree.ts';
import { softDelete, updateRow } from '../domain/admin-content.ts';

/** A positive whole-number id from the address, or a 400. */
export function idParam(ctx: Context, name: string): number {
  return idParamSchema.parse(ctx.params[name]);
}

/** PATCH {path} with {isUnlocked}: answers the updated row. */
export function lockRoute(router: Router, deps: ServiceDeps, level: Level, path: string): void {
  router.patch(path, async (ctx) => {
    ctx.body = await updateRow(deps, level, idParam(ctx, 'id'), lockSchema.parse(ctx.request.body));
  });
}

/** DELETE {path}: a soft delete of the row and what hangs under it. */
export function softDeleteRoute(router: Router, deps: ServiceDeps, level: Level, path: string, param: string): void {
  router.delete(path, async (ctx) => {
    await softDelete(deps, level, idParam(ctx, param));
    ctx.body = { success: true } satisfies Deleted;
  });
}
