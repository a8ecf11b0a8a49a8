import type { Knex } from 'knex';
import { storableText, type PurchaseCustomer, type PurchaseRefund } from '@sleep-ritual/thrivecart/webhook';
import {
  ACCESS_STATUS,
  orderRefundOf,
  planEventConcerns,
  purchaseAfterPlanEvent,
  purchaseAfterRefund,
  refundConcerns,
  type OrderRefund,
  type PlanEvent,
  type PlanState,
} from '@sleep-ritual/learning/purchase-access';

/**
 * item (`product-12`, `bump-3`, …) → programme id, for the items that have a mapping to a programme not
 * deleted (a deleted one is hidden from everyone: its buyer would get nothing, so the item waits on a
 * mapping where support sees it, as one never mapped does). It also writes:
 * when every item has one, the order's wait on a mapping ends (its rows of recordAwaitingMapping go, as
 * clearAwaitingMapping does). It also answers the address the order waits under, if it waited
 * (`waitedAs`: the member's current one, if support changed it meanwhile), whether or not its wait ends.
 * One statement: every order of a launch-night burst runs it.
 */
export async function mapItemsEndingWait(
  db: Knex,
  orderId: string,
  items: string[],
): Promise<{ mapped: Map<string, number>; waitedAs: string | null }> {
  const { rows } = await db.raw<{
    rows: { externalProductId: string | null; programId: number; waitedAs: string | null }[];
  }>(
    `with mapped as (
       select map."externalProductId", map."programId" from product_program_map map
         join programs on programs.id = map."programId" and programs."deletedAt" is null
        where map."externalProductId" = any(?::text[])
     ), waited as (
       select email from orders_awaiting_mapping
        where "thriveOrderId" = ? and email is not null
        limit 1
     ), cleared as (
       delete from orders_awaiting_mapping
        where "thriveOrderId" = ? and (select count(*) from mapped) = ?
     )
     select "externalProductId", "programId", (select email from waited) as "waitedAs"
       from mapped
     union all
     -- No item mapped: one row still says where the order waits.
     select null, null, (select email from waited) where not exists (select 1 from mapped)`,
    [items, orderId, orderId, new Set(items).size],
  );
  return {
    mapped: new Map(
      rows.flatMap((row) =>
        row.externalProductId === null ? [] : [[row.externalProductId, row.programId] as const],
      ),
    ),
    waitedAs: rows[0]?.waitedAs ?? null,
  };
}

function storable(name: string | null): string | null {
  return name === null ? null : storableText(name).slice(0, 255) || null;
}

/**
 * Files an order under its buyer, in one statement (every order of a launch-night burst runs it). The
 * buyer of an order filed before (an upsell accepted on it) is the account it was filed under, whatever
 * address that account has moved to since; otherwise the user of the order's e-mail, created without a
 * password when new (the create-account link sets it); e-mail matches regardless of case, and names
 * fill in only what the user does not have yet. The
 * order gets one completed purchase per (order, programme), recording every item of the order that opens
 * it. A purchase that exists already keeps its status, so a redelivered order neither duplicates a
 * purchase nor revives a refunded one; it only learns items it did not list yet (an upsell accepted later
 * on the same order). Answers the buyer's id, how many purchases were new and every programme the order
 * names now (its earlier filings' and this one's).
 */
export async function fileOrder(
  trx: Knex.Transaction,
  customer: PurchaseCustomer,
  order: { orderId: string; programs: { programId: number; items: string[] }[] },
): Promise<{ userId: number; newPurchases: number; orderProgramIds: number[] }> {
  if (order.programs.length === 0) throw new Error(`Order ${order.orderId} opens no programme`);
  const values = order.programs.map(() => '(?::integer, ?, ?::text[])').join(', ');
  const purchases = order.programs.flatMap(({ programId, items }) => {
    const [firstItem] = items;
    if (firstItem === undefined)
      throw new Error(`Programme ${programId} of order ${order.orderId} has no item`);
    return [programId, firstItem, items];
  });
  const { rows } = await trx.raw<{
    rows: { userId: number | null; newPurchases: number; earlierProgramIds: number[] }[];
  }>(
    `with earlier as (
       select "userId" as id from purchases
        where "thriveOrderId" = ? and "userId" is not null
        order by id
        limit 1
     ), created as (
       insert into users (email, "firstName", "lastName")
       select ?, ?, ? where not exists (select 1 from earlier)
       on conflict ((lower(email))) do update
         set "firstName" = coalesce(users."firstName", excluded."firstName"),
             "lastName" = coalesce(users."lastName", excluded."lastName")
       returning id
     ), buyer as (
       select id from earlier union all select id from created
     ), filed as (
       insert into purchases ("userId", "programId", "thriveOrderId", "externalProductId", status, "grantingItems")
       select buyer.id, program.id, ?, program."firstItem", ?, program.items
         from buyer, (values ${values}) as program(id, "firstItem", items)
       on conflict ("thriveOrderId", "programId") do update
         set "grantingItems" = array(
               select distinct item from unnest(purchases."grantingItems" || excluded."grantingItems") as item
             )
         where not (excluded."grantingItems" <@ purchases."grantingItems")
       returning (xmax = 0) as inserted
     )
     select (select id from buyer) as "userId",
            (select count(*) from filed where inserted)::integer as "newPurchases",
            -- The statement's snapshot: the programmes the order named before this filing.
            array(select "programId" from purchases where "thriveOrderId" = ?) as "earlierProgramIds"`,
    [
      order.orderId,
      // Cleaned here too, for jobs queued before the receiver cleaned what buyers type.
      customer.email.trim().toLowerCase(),
      storable(customer.firstName),
      storable(customer.lastName),
      order.orderId,
      ACCESS_STATUS,
      ...purchases,
      order.orderId,
    ],
  );
  const [row] = rows;
  if (row?.userId == null) throw new Error('Saving the buyer returned no row');
  const programIds = new Set([
    ...row.earlierProgramIds,
    ...order.programs.map((program) => program.programId),
  ]);
  return {
    userId: row.userId,
    newPurchases: row.newPurchases,
    orderProgramIds: [...programIds].sort((a, b) => a - b),
  };
}

type RefundRow = {
  id: number;
  status: string;
  grantingItems: string[];
  refundedItems: string[];
  externalProductId: string | null;
};

/**
 * Applies a refund to the order's purchases under a row lock, as purchase-access decides it: answers
 * how many rows lost access, how many the refund concerned, how many the order has, and the refund as
 * applied (null: it names only a kind of item, and the order, with the items the refund lists, has no
 * single item of that kind).
 */
export async function refundOrder(
  db: Knex,
  orderId: string,
  purchaseRefund: PurchaseRefund,
  orderItems: readonly string[] = [],
): Promise<{ refunded: number; concerned: number; total: number; applied: OrderRefund | null }> {
  return db.transaction(async (trx) => {
    const rows: RefundRow[] = await trx('purchases')
      .where({ thriveOrderId: orderId })
      .forUpdate()
      .select('id', 'status', 'grantingItems', 'refundedItems', 'externalProductId');
    const refund = orderRefundOf(rows, purchaseRefund, orderItems);
    if (!refund) return { refunded: 0, concerned: 0, total: rows.length, applied: null };
    let refunded = 0;
    let concerned = 0;
    for (const row of rows) {
      if (!refundConcerns(row, refund)) continue;
      concerned += 1;
      const after = purchaseAfterRefund(row, refund);
      if (!after.changed) continue;
      if (after.status !== row.status) refunded += 1;
      await trx('purchases')
        .where({ id: row.id })
        .update({ status: after.status, refundedItems: after.refundedItems, updatedAt: trx.fn.now() });
    }
    return { refunded, concerned, total: rows.length, applied: refund };
  });
}

/**
 * Applies a plan event to the order's purchases that `item` opens (null: all of them) under a row lock,
 * as purchase-access decides it: answers how many rows changed, how many the event concerned, and how
 * many the order has.
 */
export async function applyPlanEvent(
  db: Knex,
  orderId: string,
  item: string | null,
  event: PlanEvent,
  policy: { graceDays: number },
): Promise<{ changed: number; concerned: number; total: number }> {
  return db.transaction(async (trx) => {
    const rows: (PlanState & { id: number; grantingItems: string[]; externalProductId: string | null })[] =
      await trx('purchases')
        .where({ thriveOrderId: orderId })
        .forUpdate()
        .select(
          'id',
          'grantingItems',
          'externalProductId',
          'planStatus',
          'paymentFailedAt',
          'graceEndsAt',
          'paymentEventAt',
          'planEventAt',
        );
    let changed = 0;
    let concerned = 0;
    for (const row of rows) {
      if (!planEventConcerns(row, item)) continue;
      concerned += 1;
      const after = purchaseAfterPlanEvent(row, event, policy);
      if (!after.changed) continue;
      changed += 1;
      await trx('purchases')
        .where({ id: row.id })
        .update({ ...after.plan, updatedAt: trx.fn.now() });
    }
    return { changed, concerned, total: rows.length };
  });
}

/** Records the order's items that no programme is mapped to (kept until the order is provisioned). */
export async function recordAwaitingMapping(
  db: Knex,
  order: { orderId: string; items: string[]; email: string | null },
): Promise<void> {
  await db('orders_awaiting_mapping')
    .insert(order.items.map((item) => ({ thriveOrderId: order.orderId, item, email: order.email })))
    .onConflict(['thriveOrderId', 'item'])
    .ignore();
}

/** The order no longer waits on a mapping: every item of it was mapped and provisioned. */
export async function clearAwaitingMapping(db: Knex, orderId: string): Promise<void> {
  await db('orders_awaiting_mapping').where({ thriveOrderId: orderId }).delete();
}
