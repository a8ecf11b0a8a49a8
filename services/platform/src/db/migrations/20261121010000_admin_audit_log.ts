import type { Knex } from 'knex';

/**
 * The back office: one audit row per admin action on a member or an order, and the indexes that keep
 * member search fast at tens of thousands of members (trigram search on e-mail and name, so a part of
 * either matches without reading every row).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_audit_log', (t) => {
    t.increments('id');
    t.string('action', 64).notNullable();
    // The row outlives the member: a deleted user leaves the record of what was done, without the link.
    t.integer('memberId').references('users.id').onDelete('SET NULL');
    t.jsonb('details').notNullable().defaultTo('{}');
    // The shared admin password gives no name, so the admin session is the "who". Only a digest of its
    // id is kept: the id itself would let whoever reads the log take over that session.
    t.string('adminSessionId', 64).notNullable();
    t.string('ip', 64);
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['memberId', 'createdAt']);
    t.index(['createdAt']);
  });

  await knex.raw('create extension if not exists pg_trgm');
  // Admin member search filters on exactly this expression (services/catalog, admin-members-queries).
  await knex.raw(
    `create index users_search_trgm on users
       using gin ((lower(email || ' ' || coalesce("firstName", '') || ' ' || coalesce("lastName", ''))) gin_trgm_ops)`,
  );
  // The drop-off figures count progress by class and percentage for many learners at once: in this
  // order, PostgreSQL counts straight from the index, without a table read or a sort.
  await knex.raw(
    `create index user_progress_class_engagement on user_progress ("classId", "percentWatched", completed)`,
  );
  // A programme's owners, and the few members whose purchases of it no longer give access (refunded,
  // revoked): the engagement figures count the first and leave the second out without a full scan.
  await knex.raw(
    `create index purchases_with_access on purchases ("programId", "userId") where status = 'completed'`,
  );
  await knex.raw(
    `create index purchases_without_access on purchases ("programId", "userId") where status <> 'completed'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists purchases_without_access');
  await knex.raw('drop index if exists purchases_with_access');
  await knex.raw('drop index if exists user_progress_class_engagement');
  await knex.raw('drop index if exists users_search_trgm');
  await knex.schema.dropTableIfExists('admin_audit_log');
  // pg_trgm stays installed: another object may use it by now, and unused it costs nothing.
}
