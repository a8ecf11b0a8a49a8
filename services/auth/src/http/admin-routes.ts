import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import { adminAuthBodySchema } from '@sleep-ritual/contracts/auth';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import type { AuthDeps } from '../deps.ts';
import type { Limits } from '../domain/limits.ts';

/** Compares digests, so neither the length nor the content of the password leaks through timing. */
function isAdminPassword(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export function adminRouter(deps: AuthDeps, limits: Limits): Router {
  const router = new Router({ prefix: '/api/admin' });

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
