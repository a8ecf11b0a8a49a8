import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import type { WebhookDeps } from './deps.ts';
import { thrivecartRoutes } from './http/thrivecart-routes.ts';

export function createApp(deps: WebhookDeps) {
  const app = createServiceApp(deps);
  app.use(notFoundFallback());
  for (const router of [thrivecartRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
