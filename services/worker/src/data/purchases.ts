import type { Knex } from 'knex';
import { ACCESS_STATUS, givesAccessSql, PURCHASE_STATUS } from '@sleep-ritual/platform/purchase-access';

/** item (`product-12`, `bump-3`, …) → programme id, for the items that have a mapping. */
export async function programsForItems(db: Knex, items: string[]): Promise<Map<string, number>> {
  const rows: { externalProductId: string; programId: number }[] = await db('product_program_map')
    .whereIn('externalProductId', items)
    .select('externalProductId', 'programId');
  return new Map(rows.map((row) => [row.externalProductId, row.programId]));
}

/**
 * One completed purchase per (order, programme). A row that exists already is left as it is, so a
 * redelivered order neither duplicates a purchase nor revives a refunded one. Answers how many were new.
 */
export async function insertCompletedPurchases(
  trx: Knex.Transaction,
  order: { userId: number; orderId: string; programs: { programId: number; item: string }[] },
): Promise<number> {
  const inserted = await trx('purchases')
    .insert(
      order.programs.map(({ programId, item }) => ({
        userId: order.userId,
        programId,
        thriveOrderId: order.orderId,
        externalProductId: item,
        status: ACCESS_STATUS,
      })),
    )
    .onConflict(['thriveOrderId', 'programId'])
    .ignore()
    .returning('id');
  return inserted.length;
}

/** Turns the order's purchases to refunded; answers how many changed and how many the order has. */
export async function refundOrder(db: Knex, orderId: string): Promise<{ refunded: number; total: number }> {
  return db.transaction(async (trx) => {
    const refunded = await trx('purchases')
      .where({ thriveOrderId: orderId })
      .whereNot({ status: PURCHASE_STATUS.refunded })
      .update({ status: PURCHASE_STATUS.refunded, updatedAt: trx.fn.now() })
      .returning('id');
    const [row] = await trx('purchases')
      .where({ thriveOrderId: orderId })
      .count<{ count: string }[]>({ count: '*' });
    return { refunded: refunded.length, total: Number(row?.count ?? 0) };
  });
}

/** Titles of the programmes an order still gives this user, in catalogue order. */
export async function orderProgramTitles(db: Knex, orderId: string, userId: number): Promise<string[]> {
  const rows: { title: string }[] = await db('purchases')
    .join('programs', 'programs.id', 'purchases.programId')
    .where({
      'purchases.thriveOrderId': orderId,
      'purchases.userId': userId,
    })
    .whereRaw(givesAccessSql('purchases'))
    .orderBy([{ column: 'programs.orderIndex' }, { column: 'programs.id' }])
    .select('programs.title');
  return rows.map((row) => row.title);
}
