import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import { createProgressWriter } from './data/progress-queries.ts';
import type { ProgressDeps } from './deps.ts';
import { progressRoutes } from './http/progress-routes.ts';

export function createApp(deps: ProgressDeps) {
  const app = createServiceApp(deps);
  app.use(notFoundFallback());
  for (const router of [progressRoutes({ ...deps, writeEvent: createProgressWriter(deps.db) })]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
