import type { Knex } from 'knex';

/**
 * One row per e-mail job that sent its message, keyed by the job (its queue and id). A job can run
 * again after it sent (its lock or its completion lost while PostgreSQL or Redis was away): the row,
 * written just before the message leaves, is what keeps it from sending a second time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('email_sends', (t) => {
    t.string('jobKey', 300).primary();
    t.timestamp('sentAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['sentAt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('email_sends');
}
