import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import type { CatalogDeps } from './deps.ts';
import { adminAuditRoutes } from './http/admin-audit-routes.ts';
import { adminClassesRoutes } from './http/admin-classes-routes.ts';
import { adminEngagementRoutes } from './http/admin-engagement-routes.ts';
import { adminExportsRoutes } from './http/admin-exports-routes.ts';
import { adminMediaRoutes } from './http/admin-media-routes.ts';
import { adminMembersRoutes } from './http/admin-members-routes.ts';
import { adminOrdersRoutes } from './http/admin-orders-routes.ts';
import { adminPathsRoutes } from './http/admin-paths-routes.ts';
import { adminPhasesRoutes } from './http/admin-phases-routes.ts';
import { adminProductMappingsRoutes } from './http/admin-product-mappings-routes.ts';
import { adminProgramsRoutes } from './http/admin-programs-routes.ts';
import { adminQueuesRoutes } from './http/admin-queues-routes.ts';
import { adminVimeoRoutes } from './http/admin-vimeo-routes.ts';
import { learnerRoutes } from './http/learner-routes.ts';

/**
 * `deps.queues` (the worker's queues) serve the orders list, the e-mail actions and the queue view;
 * without them those answer 503.
 */
export function createApp(deps: CatalogDeps) {
  const app = createServiceApp(deps);
  app.use(notFoundFallback());
  for (const router of [
    learnerRoutes(deps),
    adminProgramsRoutes(deps),
    adminPhasesRoutes(deps),
    adminPathsRoutes(deps),
    adminClassesRoutes(deps),
    adminMembersRoutes(deps),
    adminOrdersRoutes(deps),
    adminEngagementRoutes(deps),
    adminExportsRoutes(deps),
    adminAuditRoutes(deps),
    adminProductMappingsRoutes(deps),
    adminMediaRoutes(deps),
    adminVimeoRoutes(deps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(adminQueuesRoutes(deps));
  return app;
}
