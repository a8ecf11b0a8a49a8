import type { Knex } from 'knex';

export type ProfileRow = {
  email: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  emailVerified: boolean;
  lastSignInAt: Date | null;
};

export function readProfile(db: Knex, userId: number): Promise<ProfileRow | undefined> {
  return db('users')
    .where({ id: userId })
    .whereNull('deletedAt')
    .first('email', 'username', 'firstName', 'lastName', 'createdAt', 'emailVerified', 'lastSignInAt');
}

export type PurchaseRow = {
  orderId: string | null;
  program: string;
  items: string[];
  refundedItems: string[];
  status: string;
  planStatus: string | null;
  paymentFailedAt: Date | null;
  graceEndsAt: Date | null;
  paymentEventAt: Date | null;
  planEventAt: Date | null;
  purchasedAt: Date;
  updatedAt: Date;
};

export function readPurchases(db: Knex, userId: number): Promise<PurchaseRow[]> {
  return db('purchases as pu')
    .join('programs as pr', 'pr.id', 'pu.programId')
    .where('pu.userId', userId)
    .orderBy('pu.purchasedAt')
    .select(
      'pu.thriveOrderId as orderId',
      'pr.title as program',
      db.raw(
        `case when cardinality(pu."grantingItems") > 0 then pu."grantingItems"
              when pu."externalProductId" is not null then array[pu."externalProductId"]
              else '{}'::text[] end as items`,
      ),
      'pu.refundedItems',
      'pu.status',
      'pu.planStatus',
      'pu.paymentFailedAt',
      'pu.graceEndsAt',
      'pu.paymentEventAt',
      'pu.planEventAt',
      'pu.purchasedAt',
      'pu.updatedAt',
    );
}

/** The orders from the member's address still waiting on a mapping, one row per item. */
export function readOrdersAwaitingMapping(
  db: Knex,
  email: string,
): Promise<{ orderId: string; item: string; receivedAt: Date }[]> {
  return db('orders_awaiting_mapping')
    .whereRaw('lower(email) = lower(?)', [email])
    .orderBy(['createdAt', 'thriveOrderId', 'item'])
    .select('thriveOrderId as orderId', 'item', 'createdAt as receivedAt');
}

/** The admins' actions on the member: what and when, never the admin's session digest nor address. */
export function readAdminActions(
  db: Knex,
  userId: number,
): Promise<{ action: string; at: Date; details: Record<string, unknown> }[]> {
  return db('admin_audit_log')
    .where({ memberId: userId })
    .orderBy(['createdAt', 'id'])
    .select('action', 'createdAt as at', 'details');
}

/**
 * The ids of the member's orders, for the tombstone: those provisioned, and those from their address
 * still waiting on a mapping (which would otherwise make a new account once the item is mapped).
 */
export async function readOrderIds(
  trx: Knex.Transaction,
  member: { id: number; email: string },
): Promise<string[]> {
  const rows: { thriveOrderId: string }[] = await trx('purchases')
    .where({ userId: member.id })
    .whereNotNull('thriveOrderId')
    .select('thriveOrderId')
    .union((waiting) =>
      waiting
        .from('orders_awaiting_mapping')
        .whereRaw('lower(email) = lower(?)', [member.email])
        .select('thriveOrderId'),
    );
  return rows.map((row) => row.thriveOrderId);
}

/**
 * What stays of a deleted member: a row without address, names or password, so the orders that name it
 * stay for the books. The address becomes one that can never be mailed nor typed to sign in.
 */
export async function anonymiseUser(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('users')
    .where({ id: userId })
    .update({
      email: `deleted-member-${userId}@deleted.invalid`,
      username: null,
      password: null,
      firstName: null,
      lastName: null,
      emailVerified: false,
      lastSignInAt: null,
      deletedAt: trx.fn.now(),
      updatedAt: trx.fn.now(),
    });
}

/**
 * The member's address leaves everything that kept a copy: the orders waiting on a mapping go (the
 * tombstone lists them: they will never be provisioned), so do the test orders from it that the receiver
 * ignored (the Orders screen's short list, of every system sharing the database), and the admin actions
 * that named it keep their record without the address.
 */
export async function forgetAddress(
  trx: Knex.Transaction,
  member: { id: number; email: string; orderIds: string[] },
): Promise<void> {
  await trx('orders_awaiting_mapping').whereIn('thriveOrderId', member.orderIds).delete();
  await trx('ignored_test_orders').whereRaw(`lower("order"->>'email') = lower(?)`, [member.email]).delete();
  await trx.raw(
    `update admin_audit_log
        set details = (select jsonb_object_agg(key, case when key in ('to', 'from', 'email')
                                                    then '"(address removed)"'::jsonb else value end)
                         from jsonb_each(details))
      where "memberId" = ? and jsonb_exists_any(details, array['to', 'from', 'email'])`,
    [member.id],
  );
}

/** The self-service deletion, in the admins' audit log: who (by id, now empty), never the address. */
export async function recordSelfDeletion(
  trx: Knex.Transaction,
  userId: number,
  details: { orders: number },
): Promise<void> {
  await trx('admin_audit_log').insert({
    action: 'self-delete-account',
    memberId: userId,
    details: JSON.stringify(details),
    adminSessionId: 'member',
    ip: null,
  });
}
