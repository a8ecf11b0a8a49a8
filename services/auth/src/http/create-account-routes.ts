import Router from '@koa/router';
import {
  createAccountBodySchema,
  orderIdFromQuery,
  thrivecartFieldsFromQuery,
  type CreateAccountLookup,
} from '@sleep-ritual/contracts/auth';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';
import { setSignedInHint } from '@sleep-ritual/platform/http/session';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import type { AuthDeps } from '../deps.ts';
import type { Limits } from '../domain/limits.ts';
import { findOrderAccount, maskEmail, provesOwnership } from '../domain/orders.ts';
import { recordSignIn, setFirstPassword } from '../data/users.ts';

export const ORDER_NOT_FOUND = 'Order Not Found';
export const ACCOUNT_EXISTS = 'Account Already Exists';

export function createAccountRouter(deps: AuthDeps, limits: Limits): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/create-account', async (ctx) => {
    await limits.accountLookupsPerIp.hit(ctx.ip);
    const params = new URLSearchParams(ctx.querystring);
    const orderId = orderIdFromQuery(params);
    if (!orderId || orderId.length > 255) throw new BadRequestError('An order id is required.');
    const account = await findOrderAccount(deps.db, orderId);
    if (!account) throw new NotFoundError(ORDER_NOT_FOUND);
    const proven = provesOwnership(deps.config, orderId, account, {
      token: params.get('token') ?? undefined,
      thrivecart: thrivecartFieldsFromQuery(params),
      thrivecart_hash: params.get('thrivecart_hash') ?? undefined,
    });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      email: proven ? account.email : maskEmail(account.email),
      productName: account.productName,
      hasAccount: true,
      hasPassword: account.hasPassword,
    } satisfies CreateAccountLookup;
  });

  router.post('/create-account', async (ctx) => {
    const body = createAccountBodySchema.parse(ctx.request.body);
    await limits.accountLookupsPerIp.hit(ctx.ip);
    const account = await findOrderAccount(deps.db, body.order_id);
    if (!account) throw new NotFoundError(ORDER_NOT_FOUND);
    if (account.hasPassword) throw new ConflictError(ACCOUNT_EXISTS);
    if (!provesOwnership(deps.config, body.order_id, account, body)) {
      throw new ForbiddenError(
        `This link has expired. Please use the link in your purchase email, or contact ${deps.config.supportEmail}.`,
      );
    }
    const created = await setFirstPassword(deps.db, account.userId, await hashPassword(body.password));
    if (!created) throw new ConflictError(ACCOUNT_EXISTS);

    await recordSignIn(deps.db, account.userId);
    ctx.session!.userId = account.userId;
    ctx.session!.startedAt = Date.now();
    await ctx.session!.regenerate();
    setSignedInHint(ctx, deps.config, true);
    ctx.body = { success: true, message: 'Your account is ready.' };
  });

  return router;
}
