import Router from '@koa/router';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';

export function learnerRouter(_deps: ServiceDeps): Router {
  const router = new Router({ prefix: '/api' });
  return router;
}
