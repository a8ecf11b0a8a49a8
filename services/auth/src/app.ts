import type { Context, Next } from 'koa';
import { UNSUBSCRIBE_PATH } from '@sleep-ritual/contracts/reminders';
import { createServiceApp, notFoundFallback } from '@sleep-ritual/platform/http/service-app';
import type { AuthDeps, AuthRouteDeps } from './deps.ts';
import { createLimits } from './domain/limits.ts';
import { accountRoutes } from './http/account-routes.ts';
import { adminSessionRoutes } from './http/admin-session-routes.ts';
import { createAccountRoutes } from './http/create-account-routes.ts';
import { passwordRoutes } from './http/password-routes.ts';
import { reminderRoutes } from './http/reminder-routes.ts';
import { sessionRoutes } from './http/session-routes.ts';

export function createApp(deps: AuthDeps) {
  // The one-click unsubscribe carries its own proof (a signed token) and comes from mail providers.
  const app = createServiceApp(deps, { originExempt: [UNSUBSCRIBE_PATH] });
  const routeDeps: AuthRouteDeps = {
    ...deps,
    limits: createLimits(deps.backends.counters, deps.config.accountHashSecret),
  };
  app.use(marketingCors(deps));
  app.use(notFoundFallback());
  for (const router of [
    sessionRoutes(routeDeps),
    passwordRoutes(routeDeps),
    createAccountRoutes(routeDeps),
    adminSessionRoutes(routeDeps),
    reminderRoutes(routeDeps),
    accountRoutes(routeDeps),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}

/**
 * The marketing pages ask GET /api/user whether the visitor is signed in; when they are served from
 * another origin (www beside app), that one read is allowed to it with credentials.
 */
function marketingCors(deps: AuthDeps) {
  const marketingOrigin = new URL(deps.config.publicMarketingUrl).origin;
  const appOrigin = new URL(deps.config.publicAppUrl).origin;
  return async (ctx: Context, next: Next) => {
    const origin = ctx.get('Origin');
    if (origin && origin === marketingOrigin && origin !== appOrigin && ctx.path === '/api/user') {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Credentials', 'true');
      ctx.vary('Origin');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET');
        ctx.status = 204;
        return;
      }
    }
    await next();
  };
}
