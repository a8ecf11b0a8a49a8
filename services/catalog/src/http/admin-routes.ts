import Router from '@koa/router';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import type { CatalogDeps } from '../domain/admin-members-deps.ts';
import { registerAdminAuditRoutes } from './admin-audit-routes.ts';
import { registerClassRoutes } from './admin-classes.ts';
import { registerAdminEngagementRoutes } from './admin-engagement-routes.ts';
import { registerAdminExportRoutes } from './admin-members-exports.ts';
import { registerAdminMemberRoutes } from './admin-members-routes.ts';
import { registerAdminOrderRoutes } from './admin-orders-routes.ts';
import { registerPathRoutes } from './admin-paths.ts';
import { registerPhaseRoutes } from './admin-phases.ts';
import { registerProgramRoutes } from './admin-programs.ts';

/**
 * The content-management calls of the admin/data spec §7, and the back office (members, orders,
 * engagement, exports, audit log); every one needs the admin session.
 */
export function adminRouter(deps: CatalogDeps): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireAdmin);
  registerProgramRoutes(router, deps);
  registerPhaseRoutes(router, deps);
  registerPathRoutes(router, deps);
  registerClassRoutes(router, deps);
  registerAdminMemberRoutes(router, deps);
  registerAdminOrderRoutes(router, deps);
  registerAdminEngagementRoutes(router, deps);
  registerAdminExportRoutes(router, deps);
  registerAdminAuditRoutes(router, deps);
  return router;
}
