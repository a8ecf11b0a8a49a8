import Router from '@koa/router';
import {
  createAccountBodySchema,
  orderIdFromQuery,
  thrivecartFieldsFromQuery,
} from '@sleep-ritual/contracts/auth';
import { BadRequestError } from '@sleep-ritual/platform/errors';
import { createAccount, lookUpOrder } from '../domain/create-account.ts';
import type { AuthRouteDeps } from '../deps.ts';
import { signIn } from './sign-in.ts';

/** The create-account page: look the order up, then set the first password and sign the buyer in. */
export function createAccountRoutes(deps: AuthRouteDeps): Router {
  const router = new Router({ prefix: '/api' });
  const { limits } = deps;

  router.get('/create-account', async (ctx) => {
    await limits.accountLookupsPerIp.hit(ctx.ip);
    const params = new URLSearchParams(ctx.querystring);
    const orderId = orderIdFromQuery(params);
    if (!orderId || orderId.length > 255) throw new BadRequestError('An order id is required.');
    const lookup = await lookUpOrder(deps, orderId, {
      token: params.get('token') ?? undefined,
      thrivecart: thrivecartFieldsFromQuery(params),
      thrivecart_hash: params.get('thrivecart_hash') ?? undefined,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = lookup;
  });

  router.post('/create-account', async (ctx) => {
    const body = createAccountBodySchema.parse(ctx.request.body);
    await limits.accountLookupsPerIp.hit(ctx.ip);
    const userId = await createAccount(deps, body);
    await signIn(ctx, deps, userId);
    ctx.body = { success: true, message: 'Your account is ready.' };
  });

  return router;
}
