import type { Knex } from 'knex';

/**
 * The stores of the PostgreSQL-only mode (REDIS_URL=none), where sessions and rate-limit counters live
 * in PostgreSQL instead of Redis (see backends.ts); and the short list of ignored test orders, which is
 * kept here in both modes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 64).primary();
    t.jsonb('data').notNullable();
    t.integer('userId');
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.index(['userId']);
    t.index(['expiresAt']);
  });
  await knex.schema.createTable('rate_counters', (t) => {
    t.string('key', 300).primary();
    t.integer('count').notNullable();
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.index(['expiresAt']);
  });
  await knex.schema.createTable('ignored_test_orders', (t) => {
    t.increments('id');
    t.string('queuePrefix', 64).notNullable();
    t.jsonb('order').notNullable();
    t.timestamp('receivedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['queuePrefix', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ignored_test_orders');
  await knex.schema.dropTable('rate_counters');
  await knex.schema.dropTable('sessions');
}
