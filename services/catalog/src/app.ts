import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import type { CatalogDeps } from './domain/admin-members-deps.ts';
import { adminRouter } from './http/admin-routes.ts';
import { learnerRouter } from './http/learner-routes.ts';
import { productMappingRouter } from './http/product-mapping-routes.ts';

/** `deps.queues` (the worker's queues) serve the orders list and the e-mail actions; without them those answer 503. */
export function createApp(deps: CatalogDeps) {
  const app = createServiceApp(deps);
  app.use(notFoundFallback());
  for (const router of [learnerRouter(deps), adminRouter(deps), productMappingRouter(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
