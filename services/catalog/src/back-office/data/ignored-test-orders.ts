import type { Knex } from '@sleep-ritual/platform/db';

/**
 * The test-mode orders the webhook receiver acknowledged and ignored (ACCEPT_TEST_ORDERS is false), kept
 * for the back office's Orders screen. The receiver records them through this module's narrow export
 * (`@sleep-ritual/catalog/ignored-test-orders`); the catalog reads them.
 */
export type IgnoredTestOrder = { orderId: string; email: string | null; event: string; receivedAt: string };

/** The most recent ignored test orders kept for the back office's Orders screen. */
const IGNORED_TEST_ORDERS_KEPT = 50;

/**
 * Keeps the ignored test order in a short list (newest first), per queue prefix so systems sharing a
 * database keep their own.
 */
export async function recordIgnoredTestOrder(
  db: Knex,
  prefix: string,
  order: IgnoredTestOrder,
): Promise<void> {
  await db('ignored_test_orders').insert({ queuePrefix: prefix, order: JSON.stringify(order) });
  await db('ignored_test_orders')
    .where({ queuePrefix: prefix })
    .whereNotIn(
      'id',
      db('ignored_test_orders')
        .select('id')
        .where({ queuePrefix: prefix })
        .orderBy('id', 'desc')
        .limit(IGNORED_TEST_ORDERS_KEPT),
    )
    .delete();
}

export async function ignoredTestOrders(db: Knex, prefix: string): Promise<IgnoredTestOrder[]> {
  const rows: { order: IgnoredTestOrder }[] = await db('ignored_test_orders')
    .select('order')
    .where({ queuePrefix: prefix })
    .orderBy('id', 'desc')
    .limit(IGNORED_TEST_ORDERS_KEPT);
  return rows.map((row) => row.order);
}
