import type { Knex } from 'knex';

/**
 * Refunds are per item: ThriveCart refunds a bump or an upsell of an order on its own. A purchase row
 * is one (order, programme), which several items of the order may open, so it records every item that
 * grants it and which of them were refunded; it loses access only once all of them are.
 * Rows written before this migration hold their one item in `externalProductId`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchases', (t) => {
    t.specificType('grantingItems', 'text[]').notNullable().defaultTo('{}');
    t.specificType('refundedItems', 'text[]').notNullable().defaultTo('{}');
  });
  await knex.raw(
    `update purchases set "grantingItems" = array["externalProductId"] where "externalProductId" is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchases', (t) => {
    t.dropColumn('grantingItems');
    t.dropColumn('refundedItems');
  });
}
