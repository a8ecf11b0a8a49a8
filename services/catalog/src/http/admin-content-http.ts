import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import { lockSchema, type ContentLevel, type Deleted } from '@sleep-ritual/contracts/admin';
import { parseIdParam } from '@sleep-ritual/contracts/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { createUnder, getLive, listUnder, softDelete, updateRow } from '../domain/admin-content.ts';

/** The calls every level shares, so their rules (404s, soft delete, lock body) are written once. */

type BodySchema = z.ZodType<Record<string, unknown>>;

/** A positive whole-number id from the address, or a 400. */
export function idParam(ctx: Context, name: string): number {
  return parseIdParam(ctx.params[name]);
}

/** GET {path}: the parent's live children in order; POST {path}: a new child there (201). */
export function childrenRoutes(
  router: Router,
  deps: ServiceDeps,
  level: Exclude<ContentLevel, 'program'>,
  path: string,
  parentParam: string,
  createSchema: BodySchema,
): void {
  router.get(path, async (ctx) => {
    ctx.body = await listUnder(deps, level, idParam(ctx, parentParam));
  });
  router.post(path, async (ctx) => {
    const parentId = idParam(ctx, parentParam);
    ctx.body = await createUnder(deps, level, parentId, createSchema.parse(ctx.request.body));
    ctx.status = 201;
  });
}

/** GET, edit ({editMethod}) and soft DELETE of one row at {path}, whose id is the `:id` param. */
export function rowRoutes(
  router: Router,
  deps: ServiceDeps,
  level: ContentLevel,
  path: string,
  editMethod: 'put' | 'patch',
  editSchema: BodySchema,
): void {
  router.get(path, async (ctx) => {
    ctx.body = await getLive(deps, level, idParam(ctx, 'id'));
  });
  router[editMethod](path, async (ctx) => {
    const id = idParam(ctx, 'id');
    ctx.body = await updateRow(deps, level, id, editSchema.parse(ctx.request.body));
  });
  router.delete(path, async (ctx) => {
    await softDelete(deps, level, idParam(ctx, 'id'));
    ctx.body = { success: true } satisfies Deleted;
  });
}

/** PATCH {path} with {isUnlocked}: answers the updated row. */
export function lockRoute(router: Router, deps: ServiceDeps, level: ContentLevel, path: string): void {
  router.patch(path, async (ctx) => {
    ctx.body = await updateRow(deps, level, idParam(ctx, 'id'), lockSchema.parse(ctx.request.body));
  });
}
