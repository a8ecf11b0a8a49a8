import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import { queueDepthMetrics } from '@sleep-ritual/jobs/queue-metrics';
import type { WebhookDeps } from './deps.ts';
import { thrivecartRoutes } from './http/thrivecart-routes.ts';

export function createApp(deps: WebhookDeps) {
  // What buyers type reaches us through ThriveCart, which cannot correct it: the receiver cleans text
  // PostgreSQL cannot store rather than refusing the order. Its metrics include the purchases queue's
  // depth, so orders piling up show even while no worker is there to report them. Its form bodies are
  // parsed once, by the bracketed-form parser, not first by the generic one too. The checkout never
  // signs in: no request here reads or makes a session.
  const app = createServiceApp(deps, {
    acceptsUnstorableText: true,
    rawForms: true,
    sessions: false,
    metrics: (registry) => queueDepthMetrics(registry, [deps.purchasesQueue]),
  });
  app.use(notFoundFallback());
  for (const router of [thrivecartRoutes(deps)]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
