import type { Knex } from 'knex';

/**
 * A class may carry an audio track for listen mode: an https address or a path of our own media
 * (`/media/...`), stored as the admin entered it, 500 long like the class's other links.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('classes', (t) => {
    t.string('audioUrl', 500);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('classes', (t) => {
    t.dropColumn('audioUrl');
  });
}
