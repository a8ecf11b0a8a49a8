import type { Knex } from 'knex';

/**
 * Member rights and reach:
 * - `sign_in_tokens` also carry the 6-digit code of the same e-mail (a keyed hash only, see
 *   auth's sign-in codes) and how many wrong codes were tried against it.
 * - `users.deletedAt`: a member who deleted their account stays a row without personal data (no
 *   address, names or password), so the orders that name it stay for the books.
 * - `deleted_accounts`: the tombstone of each deletion, a keyed hash of the address and the order ids,
 *   so a redelivered webhook or a reconciliation of those orders provisions and mails nothing.
 * - `class_transcripts`: a class's WebVTT transcript, apart from `classes` so the rows read on every
 *   learner call stay small.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sign_in_tokens', (t) => {
    t.string('codeHash', 128);
    t.integer('codeAttempts').notNullable().defaultTo(0);
  });
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deletedAt', { useTz: true });
  });
  await knex.schema.createTable('deleted_accounts', (t) => {
    t.increments('id');
    t.string('emailHash', 128).notNullable().index();
    t.specificType('thriveOrderIds', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('deletedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index deleted_accounts_orders on deleted_accounts using gin ("thriveOrderIds")');
  await knex.schema.createTable('class_transcripts', (t) => {
    t.integer('classId').primary().references('classes.id').onDelete('CASCADE');
    t.text('vtt').notNullable();
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('class_transcripts');
  await knex.schema.dropTable('deleted_accounts');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deletedAt');
  });
  await knex.schema.alterTable('sign_in_tokens', (t) => {
    t.dropColumn('codeHash');
    t.dropColumn('codeAttempts');
  });
}
