import type { Knex } from 'knex';

/**
 * The stored data of the admin/data spec §3. Columns keep the spec's camelCase names. Programs, phases,
 * paths and classes are soft-deleted (deletedAt); "removed with the parent" is ON DELETE CASCADE.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.string('username', 255).unique();
    t.string('email', 255).notNullable();
    t.string('password', 255);
    t.boolean('emailVerified').notNullable().defaultTo(false);
    t.string('firstName', 255);
    t.string('lastName', 255);
    t.timestamp('lastSignInAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // E-mail is unique regardless of case: Jane@x.com and jane@x.com are one person.
  await knex.raw('create unique index users_email_lower_unique on users (lower(email))');

  await knex.schema.createTable('courses', (t) => {
    t.increments('id');
    t.string('title', 255).notNullable();
    t.text('description');
    t.decimal('price', 10, 2);
    t.integer('totalDays');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('programs', (t) => {
    t.increments('id');
    t.string('title', 255).notNullable();
    t.string('label', 255);
    t.text('description');
    t.string('format', 255);
    t.text('programCardFinePrint');
    t.string('cardImageUrl', 500);
    t.string('coverArtUrl', 500);
    t.string('redirectUrl', 255);
    t.boolean('isActive').notNullable().defaultTo(true);
    t.string('programType', 20).notNullable().defaultTo('Full Program');
    t.integer('orderIndex').notNullable().defaultTo(0);
    t.timestamp('deletedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table programs add constraint programs_program_type_check check ("programType" in ('Full Program', 'Add On'))`,
  );

  await knex.schema.createTable('phases', (t) => {
    t.increments('id');
    t.integer('programId').notNullable().references('programs.id').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.string('label', 255);
    t.text('description');
    t.integer('orderIndex').notNullable().defaultTo(0);
    t.boolean('isUnlocked').notNullable().defaultTo(true);
    t.timestamp('deletedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['programId', 'orderIndex']);
  });

  await knex.schema.createTable('paths', (t) => {
    t.increments('id');
    t.integer('phaseId').notNullable().references('phases.id').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.string('label', 255);
    t.text('description');
    t.string('cardImageUrl', 500);
    t.string('coverArtUrl', 500);
    t.integer('orderIndex').notNullable().defaultTo(0);
    t.boolean('isUnlocked').notNullable().defaultTo(true);
    t.timestamp('deletedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['phaseId', 'orderIndex']);
  });

  await knex.schema.createTable('classes', (t) => {
    t.increments('id');
    t.integer('pathId').notNullable().references('paths.id').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.string('label', 255);
    t.text('description');
    t.string('coverArtUrl', 500);
    // The video URL as the admin entered it; the numeric Vimeo id is extracted when it is played.
    t.string('vimeoVideoId', 500);
    t.string('additionalContentUrl', 500);
    t.string('additionalContentButtonLabel', 255);
    t.integer('orderIndex').notNullable().defaultTo(0);
    t.integer('durationMinutes');
    t.text('objective');
    t.text('visualization');
    t.boolean('isUnlocked').notNullable().defaultTo(true);
    t.timestamp('deletedAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['pathId', 'orderIndex']);
  });

  await knex.schema.createTable('purchases', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('programId').notNullable().references('programs.id');
    t.string('thriveOrderId', 255);
    t.string('externalProductId', 255);
    t.string('status', 20).notNullable().defaultTo('pending');
    t.timestamp('purchasedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // One purchase per (order, programme): a redelivered order cannot grant twice.
    t.unique(['thriveOrderId', 'programId']);
    t.index(['userId', 'status']);
    t.index(['programId']);
  });

  await knex.schema.createTable('user_progress', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('sessionId').references('classes.id').onDelete('CASCADE');
    t.integer('classId').notNullable().references('classes.id').onDelete('CASCADE');
    t.timestamp('startedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('completed').notNullable().defaultTo(false);
    t.timestamp('completedAt', { useTz: true });
    t.integer('durationSeconds');
    t.integer('maxPositionSec').notNullable().defaultTo(0);
    t.integer('percentWatched').notNullable().defaultTo(0);
    t.integer('totalPlays').notNullable().defaultTo(1);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['userId', 'classId']);
    t.index(['classId']);
  });

  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE');
    // Only a hash of the token is stored; the token itself exists only in the e-mail.
    t.string('token', 255).notNullable().unique();
    t.timestamp('expiresAt', { useTz: true }).notNullable();
    t.boolean('used').notNullable().defaultTo(false);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['userId']);
  });

  await knex.schema.createTable('product_program_map', (t) => {
    t.increments('id');
    t.string('externalProductId', 255).notNullable().unique();
    t.integer('programId').notNullable().references('programs.id').onDelete('CASCADE');
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('admin_courses', (t) => {
    t.increments('id');
    t.integer('programId').notNullable().references('programs.id').onDelete('CASCADE');
    t.string('title', 255).notNullable();
    t.string('coverArtUrl', 500);
    t.string('vimeoVideoId', 500);
    t.integer('orderPosition').notNullable();
    t.integer('durationMinutes');
    t.text('objective');
    t.text('visualization');
    t.boolean('isActive').notNullable().defaultTo(true);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['programId', 'orderPosition']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'admin_courses',
    'product_program_map',
    'password_reset_tokens',
    'user_progress',
    'purchases',
    'classes',
    'paths',
    'phases',
    'programs',
    'courses',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
