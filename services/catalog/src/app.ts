import { createServiceApp, notFoundFallback, type ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { adminRouter } from './http/admin-routes.ts';
import { learnerRouter } from './http/learner-routes.ts';
import { productMappingRouter } from './http/product-mapping-routes.ts';

export function createApp(deps: ServiceDeps) {
  const app = createServiceApp(deps);
  app.use(notFoundFallback());
  for (const router of [learnerRouter(deps), adminRouter(deps), productMappingRouter(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
