import {
  createServiceApp,
  notFoundFallback,
  type ServiceDeps,
} from '@sleep-ritual/platform/http/service-app';
import { progressRouter } from './http/progress-routes.ts';

export function createApp(deps: ServiceDeps) {
  const app = createServiceApp(deps);
  const router = progressRouter(deps);
  app.use(notFoundFallback());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
