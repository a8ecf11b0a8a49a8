import type { Knex } from 'knex';

/**
 * Tokens of the e-mailed sign-in links (passwordless sign-in): like password-reset tokens, only a hash
 * is stored, each works once and for a short while.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sign_in_tokens', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE');
    t.string('token', 255).notNullable().unique();
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.boolean('used').notNullable().defaultTo(false);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['userId']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sign_in_tokens');
}
