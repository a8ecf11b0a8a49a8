import Router from '@koa/router';
import {
  createAccountBodySchema,
  orderIdFromQuery,
  type CreateAccountAnswer,
} from '@sleep-ritual/contracts/auth';
import { BadRequestError } from '@sleep-ritual/platform/errors';
import { CHECK_EMAIL_TO_FINISH, createAccount, lookUpOrder } from '../domain/create-account.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { signIn } from './sign-in.ts';
import { limitAddress } from '@sleep-ritual/platform/rate-limit';

/**
 * The create-account page: look the order up, then set the password and sign the buyer in. Both calls
 * read what proves the order from the page's own query string, passed through as it came (the
 * checkout signs the whole nested thrivecart[...] array, so nothing may be re-shaped on the way).
 */
export function createAccountRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api' });
  const { limits } = deps;

  router.get('/create-account', async (ctx) => {
    await limits.accountLookupsPerIp.hit(limitAddress(ctx.ip));
    const orderId = orderIdFromQuery(new URLSearchParams(ctx.querystring));
    if (!orderId || orderId.length > 255) throw new BadRequestError('An order id is required.');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await lookUpOrder(deps, orderId, ctx.querystring);
  });

  router.post('/create-account', async (ctx) => {
    const body = createAccountBodySchema.parse(ctx.request.body);
    await limits.accountLookupsPerIp.hit(limitAddress(ctx.ip));
    const { userId, signedIn } = await createAccount(deps, body);
    if (signedIn) await signIn(ctx, deps, userId);
    const answer: CreateAccountAnswer = signedIn
      ? { success: true, message: 'Your account is ready.', signedIn }
      : { success: true, message: CHECK_EMAIL_TO_FINISH, signedIn };
    ctx.body = answer;
  });

  return router;
}
