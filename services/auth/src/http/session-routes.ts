import Router from '@koa/router';
import {
  loginBodySchema,
  SIGN_IN_LINK_ANSWER,
  signInLinkRequestBodySchema,
  signInWithCodeBodySchema,
  signInWithLinkBodySchema,
} from '@sleep-ritual/contracts/auth';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import { UnauthorizedError } from '@sleep-ritual/platform/errors';
import { setSignedInHint } from '@sleep-ritual/platform/http/session';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';
import {
  checkCredentials,
  findSignedInUser,
  requestSignInLink,
  signInWithCode,
  signInWithLink,
} from '../domain/accounts.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { ACCOUNT_AND_ADDRESS_BUDGET, signInBudgetKeys } from '../domain/limits.ts';
import { afterAnswer } from './after-answer.ts';
import { signIn } from './sign-in.ts';

export function sessionRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api' });
  const { limits } = deps;

  router.get('/user', async (ctx) => {
    const userId = ctx.session?.userId;
    const user = userId ? await findSignedInUser(deps, userId) : undefined;
    if (!user) {
      if (userId) ctx.session = null;
      if (ctx.cookies.get(SIGNED_IN_HINT_COOKIE)) setSignedInHint(ctx, deps.config, false);
      throw new UnauthorizedError('Not signed in');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = user;
  });

  router.post('/login', async (ctx) => {
    const { email, password } = loginBodySchema.parse(ctx.request.body);
    const address = limitAddress(ctx.ip);
    // Counted before the password is checked, in one atomic step: concurrent guesses cannot slip past.
    const budgetKeys = signInBudgetKeys(address, email, await limits.knownAddresses.has(email, address));
    await limits.signInAttempts.take(budgetKeys);

    const user = await checkCredentials(deps, email, password);
    if (!user) throw new UnauthorizedError('Invalid email or password');

    // A success was no guess: it is given back, this address starts afresh for this account, and is
    // the member's own from now on (the account's ceiling no longer shuts it out).
    await limits.signInAttempts.giveBack(budgetKeys);
    await limits.signInAttempts.clear(ACCOUNT_AND_ADDRESS_BUDGET, budgetKeys[ACCOUNT_AND_ADDRESS_BUDGET]);
    await limits.knownAddresses.remember(email, address);
    await signIn(ctx, deps, user.id);
    ctx.body = user;
  });

  // The second way in: a link e-mailed to the address, single use, for 15 minutes.
  router.post('/login/link', async (ctx) => {
    const { email } = signInLinkRequestBodySchema.parse(ctx.request.body);
    await limits.signInLinkRequestsPerIp.hit(limitAddress(ctx.ip));
    await limits.signInLinkRequestsPerEmail.hit(email);
    // As forgot-password: the same answer, and the look-up only after it.
    ctx.body = { message: SIGN_IN_LINK_ANSWER };
    afterAnswer(ctx, deps, 'sign-in link', () => requestSignInLink(deps, email));
  });

  router.post('/login/link/sign-in', async (ctx) => {
    const { token } = signInWithLinkBodySchema.parse(ctx.request.body);
    await limits.signInLinkUsesPerIp.hit(limitAddress(ctx.ip));
    const userId = await signInWithLink(deps, token);
    await signIn(ctx, deps, userId);
    ctx.body = await findSignedInUser(deps, userId);
  });

  // The same e-mail's 6-digit code: for the installed app, where the link would open another browser.
  router.post('/login/code', async (ctx) => {
    const { email, code } = signInWithCodeBodySchema.parse(ctx.request.body);
    await limits.signInCodesPerIp.hit(ctx.ip);
    await limits.signInCodesPerEmail.hit(email);
    const userId = await signInWithCode(deps, email, code);
    await signIn(ctx, deps, userId);
    ctx.body = await findSignedInUser(deps, userId);
  });

  router.post('/logout', async (ctx) => {
    // Removes the session from Redis, not only the cookie.
    ctx.session = null;
    setSignedInHint(ctx, deps.config, false);
    ctx.body = { success: true, message: 'You have been logged out of your account.' };
  });

  return router;
}
