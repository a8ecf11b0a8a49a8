import type { Knex } from 'knex';

/**
 * Bedtime reminders. `bedtime_reminders` holds each learner's setting (local time and IANA zone) and
 * when their next reminder is due; the worker's sweep finds the due ones through a partial index, so a
 * minute in which nobody is due costs one empty index scan, however many learners opted in.
 * `bedtime_reminder_sends` records each reminder sent, one per learner and local date: the unique key is
 * what keeps two worker processes from sending the same night twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bedtime_reminders', (t) => {
    t.integer('userId').primary().references('users.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(false);
    t.string('localTime', 5).notNullable();
    t.string('timeZone', 64).notNullable();
    t.timestamp('nextSendAt', { useTz: true });
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `create index bedtime_reminders_due on bedtime_reminders ("nextSendAt") where enabled and "nextSendAt" is not null`,
  );
  await knex.schema.createTable('bedtime_reminder_sends', (t) => {
    t.increments('id');
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE');
    t.date('localDate').notNullable();
    t.integer('classId').references('classes.id').onDelete('SET NULL');
    t.timestamp('sentAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['userId', 'localDate']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('bedtime_reminder_sends');
  await knex.schema.dropTable('bedtime_reminders');
}
