import Router from '@koa/router';
import { adminAuthBodySchema } from '@sleep-ritual/contracts/auth';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import { isAdminPassword } from '../domain/admin-password.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';

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
    // As the learner sign-in: a try is taken before the password is compared, in one atomic step, so
    // concurrent guesses cannot slip past the limit; the right password gives its try back.
    const address = [limitAddress(ctx.ip)];
    await limits.adminPasswordAttempts.take(address);
    if (!isAdminPassword(deps.config.adminPassword, password))
      throw new UnauthorizedError('Invalid password');
    await limits.adminPasswordAttempts.giveBack(address);
    const { session } = ctx;
    if (!session) throw new Error('No session on this request: is the session middleware mounted?');
    session.isAdmin = true;
    await session.regenerate();
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
