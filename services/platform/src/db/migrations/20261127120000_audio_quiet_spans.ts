import type { Knex } from 'knex';

/**
 * The quiet stretches of an audio track ([[start, end], …] in seconds), found when the file is
 * uploaded (media_files) and kept with each class that plays it (classes), so listen mode's sleep
 * timer can pause in one where it cannot fade (iOS ignores an audio element's volume). Null: not known.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('media_files', (t) => {
    t.jsonb('quietSpans');
  });
  await knex.schema.alterTable('classes', (t) => {
    t.jsonb('audioQuietSpans');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('classes', (t) => {
    t.dropColumn('audioQuietSpans');
  });
  await knex.schema.alterTable('media_files', (t) => {
    t.dropColumn('quietSpans');
  });
}
