import Router from '@koa/router';
import {
  loginBodySchema,
  SIGN_IN_LINK_ANSWER,
  signInLinkRequestBodySchema,
  signInWithCodeBodySchema,
  signInWithLinkBodySchema,
} from '@sleep-ritual/contracts/auth';
import { ACCOUNT_DELETED, SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import { DELETED_ACCOUNT, setSignedInHint } from '@sleep-ritual/platform/http/session';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';
import {
  checkCredentials,
  endedByDeletion,
  findSignedInUser,
  passwordStillIs,
  requestSignInLink,
  signInWithCode,
  signInWithLink,
} from '../domain/accounts.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { takeMailRequest, takeSignInAttempt } from '../domain/limits.ts';
import { afterAnswer } from './after-answer.ts';
import { signIn } from './sign-in.ts';

export function sessionRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api' });
  const { limits } = deps;

  router.get('/user', async (ctx) => {
    const userId = ctx.session?.userId;
    const user = userId ? await findSignedInUser(deps, userId) : undefined;
    if (!user) {
      // A session its member ended by deleting the account (or one a request kept alive meanwhile): the
      // answer says so, for the device to forget the nights and progress it kept for them.
      const deleted = await endedByDeletion(deps, ctx.session);
      // A session a request saved again while the account went becomes a mark as the others did.
      if (deleted && userId) await deps.backends.sessions.endUser(userId, DELETED_ACCOUNT);
      else if (userId) ctx.session = null;
      if (ctx.cookies.get(SIGNED_IN_HINT_COOKIE)) setSignedInHint(ctx, deps.config, false);
      throw new UnauthorizedError(deleted ? ACCOUNT_DELETED : 'Not signed in');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = user;
  });

  router.post('/login', async (ctx) => {
    const { email, password } = loginBodySchema.parse(ctx.request.body);
    // Counted before the password is checked, in one atomic step: concurrent guesses cannot slip past.
    const attempt = await takeSignInAttempt(limits, limits.signInAttempts, limitAddress(ctx.ip), email);

    const checked = await checkCredentials(deps, email, password);
    if (!checked) throw new UnauthorizedError('Invalid email or password');

    await attempt.succeeded();
    await signIn(ctx, deps, checked.user.id);
    // The password ended or changed while it was checked: its sign-out may have come before this session.
    if (!(await passwordStillIs(deps, checked.user.id, checked.passwordHash))) {
      ctx.session = null;
      setSignedInHint(ctx, deps.config, false);
      throw new UnauthorizedError('Invalid email or password');
    }
    ctx.body = checked.user;
  });

  // The second way in: a link e-mailed to the address, single use, for 15 minutes.
  router.post('/login/link', async (ctx) => {
    const { email } = signInLinkRequestBodySchema.parse(ctx.request.body);
    await limits.signInLinkRequestsPerIp.hit(limitAddress(ctx.ip));
    await takeMailRequest(limits, limits.signInLinkRequests, limitAddress(ctx.ip), email);
    // As forgot-password: the same answer, and the look-up only after it.
    ctx.body = { message: SIGN_IN_LINK_ANSWER };
    afterAnswer(ctx, deps, 'sign-in link', () => requestSignInLink(deps, email));
  });

  router.post('/login/link/sign-in', async (ctx) => {
    const { token } = signInWithLinkBodySchema.parse(ctx.request.body);
    await limits.signInLinkUsesPerIp.hit(limitAddress(ctx.ip));
    const { userId, passwordEnded } = await signInWithLink(deps, token);
    await signIn(ctx, deps, userId);
    ctx.body = mailedSignInAnswer(await findSignedInUser(deps, userId), passwordEnded);
  });

  // The same e-mail's 6-digit code: for the installed app, where the link would open another browser.
  router.post('/login/code', async (ctx) => {
    const { email, code } = signInWithCodeBodySchema.parse(ctx.request.body);
    // As the password: counted before the code is compared, in budgets keyed so that a stranger's wrong
    // codes spend only the stranger's own (see signInCodeAttempts).
    const attempt = await takeSignInAttempt(limits, limits.signInCodeAttempts, limitAddress(ctx.ip), email);
    const { userId, passwordEnded } = await signInWithCode(deps, email, code);
    await attempt.succeeded();
    await signIn(ctx, deps, userId);
    ctx.body = mailedSignInAnswer(await findSignedInUser(deps, userId), passwordEnded);
  });

  router.post('/logout', async (ctx) => {
    // Ends the session in the session store (Redis, or PostgreSQL), not only the cookie.
    ctx.session = null;
    setSignedInHint(ctx, deps.config, false);
    ctx.body = { success: true, message: 'You have been logged out of your account.' };
  });

  return router;
}

/**
 * The signed-in member, as `GET /api/user` answers, and `passwordEnded` when this sign-in ended a
 * password set before anyone proved the address (the screen says so, and how to set one again).
 */
function mailedSignInAnswer(user: Awaited<ReturnType<typeof findSignedInUser>>, passwordEnded: boolean) {
  return user && passwordEnded ? { ...user, passwordEnded: true as const } : user;
}
