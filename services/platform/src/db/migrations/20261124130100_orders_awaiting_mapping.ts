import type { Knex } from 'knex';

/**
 * Orders whose items have no programme mapped yet, one row per (order, item): the worker writes them when
 * such an order fails and removes them once the order is provisioned, so the back office can show a
 * banner for as long as any order waits on a mapping.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders_awaiting_mapping', (t) => {
    t.string('thriveOrderId', 255).notNullable();
    t.string('item', 255).notNullable();
    t.string('email', 255);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['thriveOrderId', 'item']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('orders_awaiting_mapping');
}
