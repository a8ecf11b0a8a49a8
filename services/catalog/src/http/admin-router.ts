import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import type { AuditActor } from '../data/admin-audit-log.ts';

/**
 * A router under /api/admin whose every route needs the admin session: the content tree of the
 * admin/data spec §7 and the back office (members, orders, engagement, exports, audit log).
 */
export function adminRouter(prefix = ''): Router {
  const router = new Router({ prefix: `/api/admin${prefix}` });
  router.use(requireAdmin);
  return router;
}

/**
 * The admin who acts, as the audit log records it. The shared password names no one, so the session is
 * the identity; only a digest of its id is stored (the id itself would sign in whoever reads the log).
 */
export function auditActor(ctx: Context): AuditActor {
  const sessionId = (ctx.session as { externalKey?: string } | null)?.externalKey ?? '';
  return { adminSessionId: createHash('sha256').update(sessionId).digest('hex'), ip: ctx.ip || null };
}
