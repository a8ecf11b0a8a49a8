import type { Knex } from 'knex';

/**
 * When the learner last listened to a class: its furthest position moved on, a play began, or the
 * sleep timer ended it. Not moved by the exit the player sends when listen mode closes next morning, so
 * the morning check-in asks about last night on the morning after it (updatedAt moves with every write).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_progress', (t) => {
    t.timestamp('listenedAt', { useTz: true });
  });
  await knex('user_progress')
    .where('maxPositionSec', '>', 0)
    .update({ listenedAt: knex.ref('updatedAt') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_progress', (t) => {
    t.dropColumn('listenedAt');
  });
}
