import { createHmac } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import { batcherPer } from '@sleep-ritual/platform/batcher';

/**
 * The tombstones of deleted accounts (table `deleted_accounts`): the address only as a keyed hash, which
 * nobody can turn back into the address nor test guesses against without the server's secret, and the
 * ids of the orders the member had. The worker reads them so a redelivered webhook or a reconciliation
 * of those orders provisions and mails nothing; a new order id from the same address is a new customer.
 */
export function deletedEmailHash(config: Pick<Config, 'accountHashSecret'>, email: string): string {
  return addressDigest(config.accountHashSecret, 'deleted-account', email);
}

/**
 * An address as a keyed digest (HMAC-SHA-256 with ACCOUNT_HASH_SECRET), for one `purpose` (the tombstones,
 * the sign-in limits' counters), so that digests kept for one purpose never match another's.
 */
export function addressDigest(secret: string, purpose: string, email: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${email.trim().toLowerCase()}`).digest('hex');
}

export async function recordDeletedAccount(
  trx: Knex.Transaction,
  config: Pick<Config, 'accountHashSecret'>,
  tombstone: { email: string; orderIds: string[] },
): Promise<void> {
  await trx('deleted_accounts').insert({
    emailHash: deletedEmailHash(config, tombstone.email),
    thriveOrderIds: tombstone.orderIds,
  });
}

/**
 * Whether this order belonged to an account deleted since. The worker asks for every order of a
 * launch-night burst: the questions of concurrent jobs go to the database as one statement
 * (deletedAccountOrders, see batcherPer), as fresh as a statement of their own.
 */
export const isDeletedAccountOrder = (db: Knex, orderId: string): Promise<boolean> =>
  deletedAccountOrder(db, orderId);
const deletedAccountOrder = batcherPer(
  async (db: Knex, orderIds: string[]) => {
    const deleted = await deletedAccountOrders(db, orderIds);
    return orderIds.map((orderId) => deleted.has(orderId));
  },
  { maxInFlight: 1, maxBatchSize: 100 },
);

/** Which of these orders belonged to accounts deleted since (their queue jobs still name the address). */
export async function deletedAccountOrders(db: Knex, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows: { orderId: string }[] = await db
    .select('orderId')
    .from(
      db('deleted_accounts')
        .whereRaw('"thriveOrderIds" && ?::text[]', [orderIds])
        .select(db.raw('unnest("thriveOrderIds") as "orderId"'))
        .as('listed'),
    )
    .whereIn('orderId', orderIds);
  return new Set(rows.map((row) => row.orderId));
}
