import Router from '@koa/router';
import { adminAuthBodySchema } from '@sleep-ritual/contracts/auth';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import { isAdminPassword } from '../domain/admin-password.ts';
import { takeAdminPasswordAttempt } from '../domain/limits.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';
import { adminPasswordMark } from '@sleep-ritual/platform/http/session';

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
    const attempt = await takeAdminPasswordAttempt(limits, limitAddress(ctx.ip));
    if (!isAdminPassword(deps.config.adminPassword, password))
      throw new UnauthorizedError('Invalid password');
    await attempt.succeeded();
    const { session } = ctx;
    if (!session) throw new Error('No session on this request: is the session middleware mounted?');
    session.isAdmin = true;
    session.adminOf = adminPasswordMark(deps.config);
    delete session.endedBy;
    await session.regenerate();
    ctx.body = { success: true };
  });

  router.post('/logout', (ctx) => {
    // Admin status is independent of the learner sign-in: only the admin part ends here.
    if (ctx.session?.userId) {
      ctx.session.isAdmin = false;
      delete ctx.session.adminOf;
    } else ctx.session = null;
    ctx.body = { success: true };
  });

  return router;
}
