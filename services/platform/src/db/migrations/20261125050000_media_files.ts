import type { Knex } from 'knex';

/**
 * Every file uploaded to the media store (images resized to WebP, audio tracks as sent): its name in
 * the store, what it is, and what was read from it (an image's size, a track's length), so a form can
 * offer a class's duration from its track and an operator can tell what each file is.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('media_files', (t) => {
    t.increments('id');
    t.string('name', 64).notNullable().unique();
    t.string('kind', 10).notNullable();
    t.string('contentType', 40).notNullable();
    t.integer('bytes').notNullable();
    t.integer('width');
    t.integer('height');
    t.integer('durationSeconds');
    // The image field it was made for (program-card, …); null for audio.
    t.string('purpose', 20);
    // The file name on the admin's computer, as sent (for an operator; never used as a path).
    t.string('originalName', 255);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('media_files');
}
