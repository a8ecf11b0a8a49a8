import Router from '@koa/router';
import { createServiceApp, notFoundFallback, type ServiceDeps } from '@sleep-ritual/platform/http/service-app';

export function createApp(deps: ServiceDeps) {
  const app = createServiceApp(deps);
  const router = new Router({ prefix: '/api' });
  app.use(notFoundFallback());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
