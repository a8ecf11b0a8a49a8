import type { Knex } from 'knex';

/**
 * An e-mail job's row now says which run claimed the send (`claimId`), when (`claimedAt`), and, once the
 * mail server took the message, when it was sent (`sentAt`, null until then). A claim left without
 * `sentAt` (the worker stopped between the claim and the send, or the claim's answer was lost) no longer
 * stops the message for good: once it is older than the send lease, a later run of the job takes it over
 * and sends. The rows already there were all sent. `sentAt` keeps its default, so a worker of the
 * version before, still running during a rollout, records a send as sent; this version writes null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_sends', (t) => {
    t.timestamp('claimedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('claimId').nullable();
  });
  await knex('email_sends').update({ claimedAt: knex.ref('sentAt') });
  await knex.schema.alterTable('email_sends', (t) => {
    t.dropIndex(['sentAt']);
    t.index(['claimedAt']);
  });
  await knex.raw(`alter table email_sends alter column "sentAt" drop not null`);
}

/** Back to "a row means sent": a claim not confirmed counts as sent, as the version before read it. */
export async function down(knex: Knex): Promise<void> {
  await knex('email_sends')
    .whereNull('sentAt')
    .update({ sentAt: knex.ref('claimedAt') });
  await knex.raw(`alter table email_sends alter column "sentAt" set not null`);
  await knex.schema.alterTable('email_sends', (t) => {
    t.dropIndex(['claimedAt']);
    t.index(['sentAt']);
    t.dropColumn('claimedAt');
    t.dropColumn('claimId');
  });
}
