import type { Knex } from 'knex';

/**
 * Wrong sign-in codes no longer count against the member's open codes (a stranger could void them); the
 * sign-in limits bound the guessing instead, so the count of wrong tries per code goes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sign_in_tokens', (t) => {
    t.dropColumn('codeAttempts');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sign_in_tokens', (t) => {
    t.integer('codeAttempts').notNullable().defaultTo(0);
  });
}
