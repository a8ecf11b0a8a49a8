import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import { verifyCreateAccountToken } from '../tokens/account-links.ts';
import { isGenuineRedirect, readSignedRedirect, redirectOrderIds } from '@sleep-ritual/thrivecart/redirect';
import { findOrderAccountRow } from '../data/orders.ts';

export type OrderAccount = {
  userId: number;
  email: string;
  hasPassword: boolean;
  emailVerified: boolean;
  productName: string | null;
  /** When the order was placed (its first purchase row). */
  orderedAt: Date;
  /** Purchases of the buyer from any other order: then the account was not made by this order. */
  otherOrders: number;
  /** The buyer deleted the account: nothing of it may be set up or signed in to again. */
  deleted: boolean;
};

/** The buyer and programme of an order the worker has provisioned (refunded orders are not found). */
export async function findOrderAccount(db: Knex, orderId: string): Promise<OrderAccount | undefined> {
  const row = await findOrderAccountRow(db, orderId);
  if (!row) return undefined;
  return {
    userId: row.userId,
    email: row.email,
    hasPassword: Boolean(row.password),
    emailVerified: row.emailVerified,
    productName: row.productName ?? null,
    orderedAt: new Date(row.orderedAt),
    otherOrders: Number(row.otherOrders),
    deleted: row.deletedAt !== null,
  };
}

/**
 * What the create-account page's query proves about an order:
 * - `mailed-link`: the token of the link mailed to the buyer's address, so the caller reads that mailbox;
 * - `signed-redirect`: ThriveCart's signed success-page redirect naming this order, so the caller placed
 *   the order (with whatever address they typed: it proves nothing about the address);
 * - `none`: a bare or forged id. Order ids are sequential, so it proves nothing at all.
 */
export type OrderProof =
  | { kind: 'mailed-link'; account: OrderAccount }
  | { kind: 'signed-redirect'; account: OrderAccount | undefined }
  | { kind: 'none' };

export async function proveOrder(
  deps: { db: Knex; config: Config },
  orderId: string,
  query: string,
): Promise<OrderProof> {
  const params = new URLSearchParams(query);
  const token = params.get('token');
  const redirect = readSignedRedirect(params);
  const signed =
    redirect !== null &&
    isGenuineRedirect(deps.config.thrivecartSecret, redirect) &&
    redirectOrderIds(redirect.fields).includes(orderId);
  // Nothing is looked up for an unproven id: its answer cannot depend on whether the order exists.
  if (!token && !signed) return { kind: 'none' };
  const account = await findOrderAccount(deps.db, orderId);
  if (account && token && verifyCreateAccountToken(deps.config, orderId, account.email, token)) {
    return { kind: 'mailed-link', account };
  }
  return signed ? { kind: 'signed-redirect', account } : { kind: 'none' };
}
