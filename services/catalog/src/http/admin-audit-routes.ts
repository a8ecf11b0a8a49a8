import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { auditLogQuerySchema, type AuditLog } from '@sleep-ritual/contracts/admin-members';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { listAuditRows, type AuditActor } from '../data/admin-audit-log.ts';

/**
 * The admin who acts, as the audit log records it. The shared password names no one, so the session is
 * the identity; only a digest of its id is stored (the id itself would sign in whoever reads the log).
 */
export function auditActor(ctx: Context): AuditActor {
  const sessionId = (ctx.session as { externalKey?: string } | null)?.externalKey ?? '';
  return { adminSessionId: createHash('sha256').update(sessionId).digest('hex'), ip: ctx.ip || null };
}

/** GET /audit-log: newest first, filtered by member and action. */
export function registerAdminAuditRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/audit-log', async (ctx) => {
    const query = auditLogQuerySchema.parse(ctx.query);
    const { rows, total } = await listAuditRows(deps.db, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    } satisfies AuditLog;
  });
}
