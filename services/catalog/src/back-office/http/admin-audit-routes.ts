import type Router from '@koa/router';
import { auditLogQuerySchema } from '@sleep-ritual/contracts/admin-members';
import type { CatalogDeps } from '../../deps.ts';
import { listAuditLog } from '../domain/admin-audit.ts';
import { adminRouter } from '../../http/admin-router.ts';

/** GET /audit-log: newest first, filtered by member and action. */
export function adminAuditRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps);
  router.get('/audit-log', async (ctx) => {
    const query = auditLogQuerySchema.parse(ctx.query);
    const log = await listAuditLog(deps, query);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = log;
  });
  return router;
}
