import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import type { WebhookDeps } from './deps.ts';
import { thrivecartRoutes } from './http/thrivecart-routes.ts';

export function createApp(deps: WebhookDeps) {
  // What buyers type reaches us through ThriveCart, which cannot correct it: the receiver cleans text
  // PostgreSQL cannot store rather than refusing the order.
  const app = createServiceApp(deps, { acceptsUnstorableText: true });
  app.use(notFoundFallback());
  for (const router of [thrivecartRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
