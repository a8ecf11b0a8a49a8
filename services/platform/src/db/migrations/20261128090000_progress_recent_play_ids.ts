import type { Knex } from 'knex';

/**
 * The ids of the last play sessions counted on a learner's row (`play_id` of their session_start), so
 * that a session_start sent again, after its answer was lost on the way, does not count a second play.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_progress', (t) => {
    t.specificType('recentPlayIds', 'text[]').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_progress', (t) => {
    t.dropColumn('recentPlayIds');
  });
}
