import {
  ORDER_NOT_FOUND,
  ORDER_PROCESSING,
  type CreateAccountBody,
  type CreateAccountLookup,
} from '@sleep-ritual/contracts/auth';
import { ConflictError, NotFoundError } from '@sleep-ritual/platform/errors';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { setFirstPassword, setPasswordFromMailedLink } from '../data/users.ts';
import type { AuthDeps } from '../deps.ts';
import { proveOrder, type OrderAccount, type OrderProof } from './orders.ts';
import { SIGNED_OUT } from '@sleep-ritual/platform/session-store';

export const ACCOUNT_EXISTS = 'Account Already Exists';
export const CHECK_EMAIL_TO_FINISH =
  'Please check your email for the next step. If you already have an account, you can sign in now, or set a password with the link in that email.';

/**
 * The order behind a proof, or 404. An unproven id always gets the same "Order Not Found" (nothing is
 * even looked up), and so does an order whose buyer deleted the account (it is never set up again); a
 * genuine checkout redirect for an order the worker has not provisioned yet gets ORDER_PROCESSING, which
 * tells the page that waiting a little is worth it.
 */
function requireAccount(proof: OrderProof): {
  proof: Exclude<OrderProof, { kind: 'none' }>;
  account: OrderAccount;
} {
  if (proof.kind === 'none' || proof.account?.deleted) throw new NotFoundError(ORDER_NOT_FOUND);
  if (!proof.account) throw new NotFoundError(ORDER_PROCESSING);
  return { proof, account: proof.account };
}

/**
 * The mailed link may set the password while the account has none, or has one that nobody proved the
 * address for (set through a checkout redirect): the owner of the address takes the account back.
 */
const mailedLinkMaySetPassword = (account: OrderAccount) => !account.hasPassword || !account.emailVerified;

/**
 * How long after its order a checkout redirect may still set the first password. The redirect never
 * expires by itself, and it proves nothing about the address: past this, only the mailbox decides.
 */
export const CHECKOUT_REDIRECT_PASSWORD_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The checkout's redirect may set the first password only of an account this very order made, soon
 * after the order: no password yet, the address never proven (its owner may have signed in by mail and
 * not set one yet) and nothing from any other order. Anything else belongs to whoever reads the mailbox.
 */
const redirectMaySetPassword = (account: OrderAccount, now: number) =>
  !account.hasPassword &&
  !account.emailVerified &&
  account.otherOrders === 0 &&
  now - account.orderedAt.getTime() <= CHECKOUT_REDIRECT_PASSWORD_WINDOW_MS;

/**
 * What the create-account page shows. With the mailed link: the buyer's address and whether the
 * account is already theirs. With the checkout's redirect: the form, whatever the account's state,
 * since the caller typed the address themselves and must not learn whether an account existed.
 */
export async function lookUpOrder(
  deps: AuthDeps,
  orderId: string,
  query: string,
): Promise<CreateAccountLookup> {
  const { proof, account } = requireAccount(await proveOrder(deps, orderId, query));
  return {
    email: account.email,
    productName: account.productName,
    hasAccount: true,
    hasPassword: proof.kind === 'mailed-link' ? !mailedLinkMaySetPassword(account) : false,
  };
}

export type CreatedAccount = { userId: number; signedIn: boolean };

/**
 * Sets the password the page was given, when the proof allows it, and answers whom to sign in:
 * - mailed link: sets it (also over an unproven one), marks the address verified and ends every other
 *   session of the account, so whoever set a password without the mailbox is signed out;
 * - checkout redirect: sets the first password of an account made by this order, address unverified,
 *   within CHECKOUT_REDIRECT_PASSWORD_WINDOW_MS of the order; for any other account, or later, nothing
 *   changes and the caller is told to check their email.
 */
export async function createAccount(deps: AuthDeps, body: CreateAccountBody): Promise<CreatedAccount> {
  const { proof, account } = requireAccount(await proveOrder(deps, body.order_id, body.query ?? ''));
  if (proof.kind === 'mailed-link') {
    if (!mailedLinkMaySetPassword(account)) throw new ConflictError(ACCOUNT_EXISTS);
    const passwordHash = await hashPassword(body.password);
    if (!(await setPasswordFromMailedLink(deps.db, account.userId, passwordHash))) {
      throw new ConflictError(ACCOUNT_EXISTS);
    }
    await deps.backends.sessions.endUser(account.userId, SIGNED_OUT);
    return { userId: account.userId, signedIn: true };
  }
  if (!redirectMaySetPassword(account, Date.now())) {
    // The same work as a creation, so the answer's timing says no more than its words.
    await hashPassword(body.password);
    return { userId: account.userId, signedIn: false };
  }
  const passwordHash = await hashPassword(body.password);
  const created = await setFirstPassword(deps.db, account.userId, body.order_id, passwordHash);
  return { userId: account.userId, signedIn: created };
}
