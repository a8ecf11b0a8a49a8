import type { Knex } from 'knex';

/**
 * Reconciliation with ThriveCart's API: one row holding the checkpoint (the newest transaction time
 * already looked at, per mode) and what the last run did, for the back office to show.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('thrivecart_reconciliation', (t) => {
    t.integer('id').primary();
    // Unix seconds of the newest transaction seen, per mode ({ "live": 1700000000, "test": … }).
    t.jsonb('checkpoints').notNullable().defaultTo('{}');
    t.timestamp('startedAt', { useTz: true });
    t.timestamp('finishedAt', { useTz: true });
    t.string('outcome', 16);
    t.text('error');
    t.jsonb('findings');
    t.check('id = 1');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('thrivecart_reconciliation');
}
