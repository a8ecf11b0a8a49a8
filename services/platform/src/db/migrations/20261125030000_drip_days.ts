import type { Knex } from 'knex';

/**
 * Drip: a path or class may open a number of days after the learner's first purchase of its programme
 * (0 = at once, the default, so every existing row stays open as before). The rule that reads these
 * columns is `@sleep-ritual/learning/purchase-access`.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['paths', 'classes']) {
    await knex.schema.alterTable(table, (t) => {
      t.integer('opensAfterDays').notNullable().defaultTo(0);
      t.check('"opensAfterDays" >= 0', [], `${table}_opens_after_days_not_negative`);
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['paths', 'classes']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropChecks(`${table}_opens_after_days_not_negative`);
      t.dropColumn('opensAfterDays');
    });
  }
}
