import { createHash, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import { verifyCreateAccountToken } from '@sleep-ritual/platform/account-links';
import { findOrderAccountRow } from '../data/orders.ts';

export type OrderAccount = {
  userId: number;
  email: string;
  hasPassword: boolean;
  productName: string | null;
  purchasedAt: Date;
};

/** The buyer and programme of an order the worker has provisioned (refunded orders are not found). */
export async function findOrderAccount(db: Knex, orderId: string): Promise<OrderAccount | undefined> {
  const row = await findOrderAccountRow(db, orderId);
  if (!row) return undefined;
  return {
    userId: row.userId,
    email: row.email,
    hasPassword: Boolean(row.password),
    productName: row.productName ?? null,
    purchasedAt: new Date(row.purchasedAt),
  };
}

export type Proof = { token?: string; thrivecart?: Record<string, string>; thrivecart_hash?: string };

/**
 * Checkout order ids are sequential, so a bare id may claim the account only while the order is fresh
 * (the buyer arrives straight from the checkout). After that it takes the mailed link's token or the
 * checkout's own signed redirect.
 */
export function provesOwnership(
  config: Config,
  orderId: string,
  account: OrderAccount,
  proof: Proof,
): boolean {
  if (Date.now() - account.purchasedAt.getTime() <= config.createAccountFreshMs) return true;
  if (proof.token && verifyCreateAccountToken(config, orderId, account.email, proof.token)) return true;
  if (proof.thrivecart && proof.thrivecart_hash) {
    return (
      isValidThrivecartHash(config.thrivecartSecret, proof.thrivecart, proof.thrivecart_hash) &&
      Object.values(proof.thrivecart).includes(orderId)
    );
  }
  return false;
}

/** ThriveCart signs its redirect: MD5 of the secret, '__' and the upper-cased JSON of the key-sorted fields. */
export function thrivecartHash(secret: string, fields: Record<string, string>): string {
  const sorted = Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key]]),
  );
  return createHash('md5')
    .update(`${secret}__${JSON.stringify(sorted).toUpperCase()}`)
    .digest('hex');
}

export function isValidThrivecartHash(secret: string, fields: Record<string, string>, hash: string): boolean {
  const expected = Buffer.from(thrivecartHash(secret, fields));
  const given = Buffer.from(hash.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** j***@example.com: enough for the buyer to recognise, not enough to harvest addresses by order id. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
