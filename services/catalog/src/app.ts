import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import { createClassFinder } from './data/learner-classes.ts';
import type { CatalogDeps } from './deps.ts';
import { adminAuditRoutes } from './back-office/http/admin-audit-routes.ts';
import { adminDeletedRoutes } from './http/admin-deleted-routes.ts';
import { adminClassesRoutes } from './http/admin-classes-routes.ts';
import { adminEngagementRoutes } from './back-office/http/admin-engagement-routes.ts';
import { adminExportsRoutes } from './back-office/http/admin-exports-routes.ts';
import { adminMediaRoutes } from './http/admin-media-routes.ts';
import { adminMembersRoutes } from './back-office/http/admin-members-routes.ts';
import { adminOrdersRoutes } from './back-office/http/admin-orders-routes.ts';
import { adminPathsRoutes } from './http/admin-paths-routes.ts';
import { adminPhasesRoutes } from './http/admin-phases-routes.ts';
import { adminProductMappingsRoutes } from './back-office/http/admin-product-mappings-routes.ts';
import { adminProgramsRoutes } from './http/admin-programs-routes.ts';
import { adminQueuesRoutes } from './back-office/http/admin-queues-routes.ts';
import { adminVimeoRoutes } from './http/admin-vimeo-routes.ts';
import { learnerRoutes, mediaAccessRoutes } from './http/learner-routes.ts';

/**
 * `deps.queues` (the worker's queues) serve the orders list, the e-mail actions and the queue view;
 * without them those answer 503.
 */
export function createApp(deps: CatalogDeps) {
  const app = createServiceApp(deps);
  const learner = { ...deps, findClass: createClassFinder(deps.db) };
  app.use(notFoundFallback());
  for (const router of [
    mediaAccessRoutes(deps),
    learnerRoutes(learner),
    adminProgramsRoutes(deps),
    adminPhasesRoutes(deps),
    adminPathsRoutes(deps),
    adminClassesRoutes(deps),
    adminDeletedRoutes(deps),
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
