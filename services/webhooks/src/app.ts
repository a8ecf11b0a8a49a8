import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import { thrivecartRouter, type WebhookDeps } from './http/thrivecart-routes.ts';

export type { WebhookDeps };

export function createApp(deps: WebhookDeps) {
  const app = createServiceApp(deps);
  const router = thrivecartRouter(deps);
  app.use(notFoundFallback());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
