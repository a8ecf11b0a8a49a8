import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import type { Knex } from '@sleep-ritual/platform/db';
import { auditContentChange } from '../back-office/domain/admin-audit.ts';

/**
 * A router under /api/admin whose every route needs the admin session: the content tree of the
 * admin/data spec §7 and the back office (members, orders, engagement, exports, audit log).
 */
export function adminRouter(deps: { db: Knex }, prefix = ''): Router {
  const router = new Router({ prefix: `/api/admin${prefix}` });
  router.use(requireAdmin);
  router.use(auditChanges(deps.db));
  return router;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every admin change that succeeded is in the audit log: the calls on members, orders and exports
 * write their own row with the change (they ask for `auditActor`); every other write (the content tree,
 * product mappings, uploads, "Check now") gets one here once it answered 2xx, naming what was done,
 * where, and the row's id and title when the answer carries them. A row that cannot be written is
 * logged; the change stands and its answer is not turned into an error.
 */
function auditChanges(db: Knex) {
  return async function audit(ctx: Context, next: Next) {
    await next();
    if (!WRITES.has(ctx.method) || ctx.status < 200 || ctx.status >= 300 || ctx.state.audited) return;
    try {
      await auditContentChange(db, auditActor(ctx), {
        method: ctx.method,
        route: (ctx as { _matchedRoute?: string })._matchedRoute ?? ctx.path,
        path: ctx.path,
        answer: ctx.body,
      });
    } catch (error) {
      ctx.log.error({ err: error, path: ctx.path }, 'admin change made but not audited');
    }
  };
}

/**
 * The admin who acts, as the audit log records it. The shared password names no one, so the session is
 * the identity; only a digest of its id is stored (the id itself would sign in whoever reads the log).
 */
export function auditActor(ctx: Context): { adminSessionId: string; ip: string | null } {
  // The call records its change itself: auditChanges adds no second row.
  ctx.state.audited = true;
  const sessionId = (ctx.session as { externalKey?: string } | null)?.externalKey ?? '';
  return { adminSessionId: createHash('sha256').update(sessionId).digest('hex'), ip: ctx.ip || null };
}
