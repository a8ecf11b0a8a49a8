import Router from '@koa/router';
import { createServiceApp, notFoundFallback, type ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import type { CurrentUser } from '@sleep-ritual/contracts/user';

export function createApp(deps: ServiceDeps) {
  const app = createServiceApp(deps);
  const router = new Router({ prefix: '/api' });

  router.get('/user', async (ctx) => {
    const userId = ctx.session?.userId;
    if (!userId) throw new UnauthorizedError('Not signed in');
    const user = await deps.db('users').where({ id: userId }).first('id', 'email', 'firstName', 'lastName');
    if (!user) {
      ctx.session = null;
      throw new UnauthorizedError('Not signed in');
    }
    ctx.body = user satisfies CurrentUser;
  });

  app.use(notFoundFallback());
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
