import type { CreateAccountBody, CreateAccountLookup } from '@sleep-ritual/contracts/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { setFirstPassword } from '../data/users.ts';
import type { AuthDeps } from '../deps.ts';
import { findOrderAccount, maskEmail, provesOwnership, type OrderAccount, type Proof } from './orders.ts';

export const ORDER_NOT_FOUND = 'Order Not Found';
export const ACCOUNT_EXISTS = 'Account Already Exists';

async function requireOrderAccount(deps: AuthDeps, orderId: string): Promise<OrderAccount> {
  const account = await findOrderAccount(deps.db, orderId);
  if (!account) throw new NotFoundError(ORDER_NOT_FOUND);
  return account;
}

/**
 * What the create-account page shows for an order: the buyer's address in full only to whoever proves
 * the order is theirs, masked otherwise.
 */
export async function lookUpOrder(
  deps: AuthDeps,
  orderId: string,
  proof: Proof,
): Promise<CreateAccountLookup> {
  const account = await requireOrderAccount(deps, orderId);
  const proven = provesOwnership(deps.config, orderId, account, proof);
  return {
    email: proven ? account.email : maskEmail(account.email),
    productName: account.productName,
    hasAccount: true,
    hasPassword: account.hasPassword,
  };
}

/** Sets the first password of the order's account; answers the account's user id, to sign in. */
export async function createAccount(deps: AuthDeps, body: CreateAccountBody): Promise<number> {
  const account = await requireOrderAccount(deps, body.order_id);
  if (account.hasPassword) throw new ConflictError(ACCOUNT_EXISTS);
  if (!provesOwnership(deps.config, body.order_id, account, body)) {
    throw new ForbiddenError(
      `This link has expired. Please use the link in your purchase email, or contact ${deps.config.supportEmail}.`,
    );
  }
  const created = await setFirstPassword(deps.db, account.userId, await hashPassword(body.password));
  if (!created) throw new ConflictError(ACCOUNT_EXISTS);
  return account.userId;
}
