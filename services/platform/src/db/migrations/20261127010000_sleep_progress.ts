import type { Knex } from 'knex';

/**
 * The night counts (owned by the progress service). `user_progress."completionReason"`: why a class
 * counts as completed (`finished`, `asleep`: the sleep timer ended it, `marked`: by hand), kept with the
 * first completion and cleared by an undo; rows completed before it existed were finished or marked,
 * which nobody can tell apart now, so they keep null.
 *
 * `sleep_check_ins`: the morning check-in, one answer per learner and night ("Fell asleep during it",
 * "Fell asleep after it", "Couldn't sleep") with an optional quality of 1 to 5. The unique key is what
 * makes a night asked once. Its columns are snake_case: the account export and deletion read them by
 * these names.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('user_progress', (t) => {
    t.string('completionReason', 16);
    t.check(
      `"completionReason" is null or "completionReason" in ('finished', 'asleep', 'marked')`,
      [],
      'user_progress_completion_reason_known',
    );
  });
  await knex.schema.createTable('sleep_check_ins', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('class_id').notNullable().references('classes.id').onDelete('CASCADE');
    t.string('answer', 16).notNullable();
    t.smallint('quality');
    t.timestamp('answered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'class_id']);
    t.index(['class_id']);
    t.check(`answer in ('during', 'after', 'awake')`, [], 'sleep_check_ins_answer_known');
    t.check('quality is null or quality between 1 and 5', [], 'sleep_check_ins_quality_1_to_5');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sleep_check_ins');
  await knex.schema.alterTable('user_progress', (t) => {
    t.dropChecks('user_progress_completion_reason_known');
    t.dropColumn('completionReason');
  });
}
