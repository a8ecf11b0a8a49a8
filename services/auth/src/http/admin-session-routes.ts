import Router from '@koa/router';
import { adminAuthBodySchema } from '@sleep-ritual/contracts/auth';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import { isAdminPassword } from '../domain/admin-password.ts';
import type { AuthRouteDeps } from '../deps.ts';

/** The admin session: one shared password opens it, independently of any learner sign-in. */
export function adminSessionRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api/admin' });
  const { limits } = deps;

  router.get('/check', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { isAdmin: ctx.session?.isAdmin === true };
  });

  router.post('/auth', async (ctx) => {
    const { password } = adminAuthBodySchema.parse(ctx.request.body);
    await limits.wrongAdminPasswordsPerIp.check(ctx.ip);
    if (!isAdminPassword(deps.config.adminPassword, password)) {
      await limits.wrongAdminPasswordsPerIp.hit(ctx.ip);
      throw new UnauthorizedError('Invalid password');
    }
    ctx.session!.isAdmin = true;
    await ctx.session!.regenerate();
    ctx.body = { success: true };
  });

  router.post('/logout', (ctx) => {
    // Admin status is independent of the learner sign-in: only the admin part ends here.
    if (ctx.session?.userId) ctx.session.isAdmin = false;
    else ctx.session = null;
    ctx.body = { success: true };
  });

  return router;
}
