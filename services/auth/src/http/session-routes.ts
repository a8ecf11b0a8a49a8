import Router from '@koa/router';
import { loginBodySchema } from '@sleep-ritual/contracts/auth';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import { setSignedInHint } from '@sleep-ritual/platform/http/session';
import { hashPassword, verifyPassword } from '@sleep-ritual/platform/passwords';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/public-config';
import type { AuthDeps } from '../deps.ts';
import type { Limits } from '../domain/limits.ts';
import { findUserByEmail, findUserById, publicUser, recordSignIn } from '../data/users.ts';

// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

export function sessionRouter(deps: AuthDeps, limits: Limits): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/user', async (ctx) => {
    const userId = ctx.session?.userId;
    const user = userId ? await findUserById(deps.db, userId) : undefined;
    if (!user) {
      if (userId) ctx.session = null;
      if (ctx.cookies.get(SIGNED_IN_HINT_COOKIE)) setSignedInHint(ctx, deps.config, false);
      throw new UnauthorizedError('Not signed in');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = publicUser(user);
  });

  router.post('/login', async (ctx) => {
    const { email, password } = loginBodySchema.parse(ctx.request.body);
    await limits.failedSignInsPerIp.check(ctx.ip);
    await limits.failedSignInsPerAccount.check(email);

    const user = await findUserByEmail(deps.db, email);
    const valid = user?.password
      ? await verifyPassword(user.password, password)
      : (await verifyPassword(await decoyHash, password), false);
    if (!user || !valid) {
      await limits.failedSignInsPerIp.hit(ctx.ip);
      await limits.failedSignInsPerAccount.hit(email);
      throw new UnauthorizedError('Invalid email or password');
    }

    await limits.failedSignInsPerAccount.reset(email);
    await recordSignIn(deps.db, user.id);
    // A new session id at sign-in, so an id planted before sign-in is worthless.
    ctx.session!.userId = user.id;
    ctx.session!.startedAt = Date.now();
    await ctx.session!.regenerate();
    setSignedInHint(ctx, deps.config, true);
    ctx.body = publicUser(user);
  });

  router.post('/logout', async (ctx) => {
    // Removes the session from Redis, not only the cookie.
    ctx.session = null;
    setSignedInHint(ctx, deps.config, false);
    ctx.body = { success: true, message: 'You have been logged out of your account.' };
  });

  return router;
}
