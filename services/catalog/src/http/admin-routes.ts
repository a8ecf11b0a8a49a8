import Router from '@koa/router';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { requireAdmin } from '@sleep-ritual/platform/http/guards';
import { registerClassRoutes } from './admin-classes.ts';
import { registerPathRoutes } from './admin-paths.ts';
import { registerPhaseRoutes } from './admin-phases.ts';
import { registerProgramRoutes } from './admin-programs.ts';

/** The content-management calls of the admin/data spec §7; every one needs the admin session. */
export function adminRouter(deps: ServiceDeps): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.use(requireAdmin);
  registerProgramRoutes(router, deps);
  registerPhaseRoutes(router, deps);
  registerPathRoutes(router, deps);
  registerClassRoutes(router, deps);
  return router;
}
