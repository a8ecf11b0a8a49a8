import type { Knex } from '@sleep-ritual/platform/db';

/** The member whose address this is (any case), if one holds it. */
export async function memberIdOf(db: Knex, email: string): Promise<number | undefined> {
  const row: { id: number } | undefined = await db('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .first('id');
  return row?.id;
}

/**
 * The address of each order's member, by order id, for orders a member holds: the Orders screen's buyer
 * once the worker has provisioned an order (a completed job keeps no address; see purchaseJobOnceDone). A deleted
 * member has none.
 */
export async function orderBuyers(db: Knex, orderIds: string[]): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows: { orderId: string; email: string }[] = await db('purchases as p')
    .join('users as u', 'u.id', 'p.userId')
    .whereIn('p.thriveOrderId', [...new Set(orderIds)])
    .whereNull('u.deletedAt')
    .distinct('p.thriveOrderId as orderId', 'u.email');
  return new Map(rows.map((row) => [row.orderId, row.email]));
}
