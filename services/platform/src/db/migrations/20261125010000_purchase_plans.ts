import type { Knex } from 'knex';

/**
 * Payment plans (ThriveCart subscriptions and split payments): each purchase records the state of the plan
 * that pays for it, as `@sleep-ritual/learning/purchase-access` applies ThriveCart's plan events.
 *
 * - `planStatus`: null for a one-time payment; 'active', 'paused' or 'cancelled' once a plan event named
 *   the purchase.
 * - `paymentFailedAt`: when the instalment now unpaid first failed; null while every instalment is paid.
 * - `graceEndsAt`: the end of the grace that failure gives (PAYMENT_GRACE_DAYS when it was recorded).
 *   Access needs it null or in the future, so a grace runs out by itself, with no job at that moment.
 * - `paymentEventAt`, `planEventAt`: ThriveCart's time of the newest payment event (an instalment paid or
 *   failed, a plan resumed) and plan-status event applied, so a late or redelivered older event changes
 *   nothing.
 *
 * Suspended purchases are found through `purchases_in_grace`, which holds only the few rows with a failed
 * instalment, beside the partial indexes on status.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchases', (t) => {
    t.text('planStatus').nullable();
    t.timestamp('paymentFailedAt', { useTz: true }).nullable();
    t.timestamp('graceEndsAt', { useTz: true }).nullable();
    t.timestamp('paymentEventAt', { useTz: true }).nullable();
    t.timestamp('planEventAt', { useTz: true }).nullable();
  });
  await knex.raw(
    `alter table purchases add constraint purchases_plan_status
       check ("planStatus" is null or "planStatus" in ('active', 'paused', 'cancelled'))`,
  );
  await knex.raw(
    `create index purchases_in_grace on purchases ("programId", "userId") where "graceEndsAt" is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists purchases_in_grace');
  await knex.raw('alter table purchases drop constraint if exists purchases_plan_status');
  await knex.schema.alterTable('purchases', (t) => {
    t.dropColumn('planStatus');
    t.dropColumn('paymentFailedAt');
    t.dropColumn('graceEndsAt');
    t.dropColumn('paymentEventAt');
    t.dropColumn('planEventAt');
  });
}
