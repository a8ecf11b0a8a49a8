import type { Knex } from 'knex';
import { givesAccessSql } from '@sleep-ritual/learning/purchase-access';
import { batcherPer } from '@sleep-ritual/platform/batcher';

/** What sending an e-mail reads and records: its recipient, and that a job's message has left. */

/** How long a job's record is kept: longer than the queues keep a completed e-mail job (30 days). */
const KEPT_DAYS = 90;
/** How often a process clears old records (on a claim, at most this often). */
const SWEEP_EVERY_MS = 60 * 60_000;
/**
 * How long a claim not yet confirmed sent belongs to the run that made it: longer than a live send takes
 * (the mailer's SMTP timeouts end a stalled connection within a minute or two) and than that run keeps
 * trying to confirm it. After it, the run is taken for gone (the worker stopped, or the claim's answer
 * was lost) and a later run of the job sends.
 */
export const SEND_LEASE_MS = 5 * 60_000;
let sweptAt = 0;
let sweeping: Promise<void> | undefined;

/**
 * What a run of an e-mail job found when it claimed the send:
 * - `claimed`: it sends now, under `claimId`, which its confirmation or release names;
 * - `sent`: an earlier run sent the message;
 * - `sending`: another run claimed it and has not confirmed it; its lease ends at `leaseEndsAt`.
 */
export type SendClaim =
  { state: 'claimed'; claimId: string } | { state: 'sent' } | { state: 'sending'; leaseEndsAt: number };

/**
 * Records that the job's message is about to leave. Committed before the message is sent and confirmed
 * once the mail server took it (confirmEmailSends), so a run that sent and then lost its completion finds
 * it, and a claim whose run never sent is taken over after SEND_LEASE_MS. Every e-mail of a launch-night
 * burst makes this write: those of concurrent jobs go to the database as one statement (see batcherPer),
 * never two claims of one job in the same one. Old records are cleared first, at most hourly: a clearing
 * that fails fails the job before its claim, so its retry still sends.
 */
export async function claimEmailSend(db: Knex, jobKey: string): Promise<SendClaim> {
  if (!sweeping && Date.now() - sweptAt > SWEEP_EVERY_MS) {
    sweeping = clearOldSends(db).finally(() => {
      sweeping = undefined;
    });
  }
  // Claims made while a clearing runs wait for it (and fail with it).
  if (sweeping) await sweeping;
  return emailSendClaims(db, jobKey);
}
async function clearOldSends(db: Knex): Promise<void> {
  await db('email_sends')
    .where('claimedAt', '<', db.raw(`now() - interval '${KEPT_DAYS} days'`))
    .delete();
  sweptAt = Date.now();
}

const emailSendClaims = batcherPer(claimEmailSends, {
  maxInFlight: 1,
  maxBatchSize: 100,
  keyOf: (jobKey: string) => jobKey,
});

/**
 * claimEmailSend of each job key, in order; the keys are distinct (keyOf above). They are inserted in
 * sorted order, so two processes claiming the same keys at once (re-runs of stalled jobs) wait for each
 * other rather than deadlock. Only a job that ran before makes the second read.
 */
async function claimEmailSends(db: Knex, jobKeys: string[]): Promise<SendClaim[]> {
  const { rows } = await db.raw<{ rows: { jobKey: string; claimId: string }[] }>(
    `insert into email_sends ("jobKey", "claimId", "sentAt")
     select "jobKey", gen_random_uuid(), null from unnest(?::text[]) as claims("jobKey")
     on conflict ("jobKey") do update set "claimId" = excluded."claimId", "claimedAt" = now()
       where email_sends."sentAt" is null and email_sends."claimedAt" < now() - make_interval(secs => ?)
     returning "jobKey", "claimId"`,
    [[...jobKeys].sort(), SEND_LEASE_MS / 1000],
  );
  const claimed = new Map(rows.map((row) => [row.jobKey, row.claimId]));
  const before = jobKeys.filter((jobKey) => !claimed.has(jobKey));
  // The lease's time left by the database's clock, which dates the claims, not this process's.
  const found: { jobKey: string; sent: boolean; leftMs: string }[] =
    before.length === 0
      ? []
      : await db('email_sends')
          .whereIn('jobKey', before)
          .select(
            'jobKey',
            db.raw('"sentAt" is not null as sent'),
            db.raw(
              `greatest(0, ceil(extract(epoch from "claimedAt" + make_interval(secs => ?) - now()) * 1000))::bigint as "leftMs"`,
              [SEND_LEASE_MS / 1000],
            ),
          );
  const earlier = new Map(found.map((row) => [row.jobKey, row]));
  const now = Date.now();
  return jobKeys.map((jobKey): SendClaim => {
    const claimId = claimed.get(jobKey);
    if (claimId) return { state: 'claimed', claimId };
    const row = earlier.get(jobKey);
    if (row?.sent) return { state: 'sent' };
    // Released meanwhile (its send was refused): the job may claim it again at once.
    return { state: 'sending', leaseEndsAt: now + Number(row?.leftMs ?? 0) };
  });
}

export type OwnClaim = { jobKey: string; claimId: string };

/**
 * The mail server took the messages of these claims: no later run sends them again. One statement for
 * them all; answers, per claim, false when it is no longer that run's (another run took it over after
 * the lease, and may have sent too).
 */
export async function confirmEmailSends(db: Knex, claims: OwnClaim[]): Promise<boolean[]> {
  const { rows } = await db.raw<{ rows: { claimId: string }[] }>(
    `update email_sends set "sentAt" = now()
      from unnest(?::text[], ?::uuid[]) as own("jobKey", "claimId")
     where email_sends."jobKey" = own."jobKey" and email_sends."claimId" = own."claimId"
     returning email_sends."claimId"`,
    [claims.map((claim) => claim.jobKey), claims.map((claim) => claim.claimId)],
  );
  const confirmed = new Set(rows.map((row) => row.claimId));
  return claims.map((claim) => confirmed.has(claim.claimId));
}

/** The message did not leave (the mail server refused it): the job's retry may send it. */
export async function releaseEmailSend(db: Knex, { jobKey, claimId }: OwnClaim): Promise<void> {
  await db('email_sends').where({ jobKey, claimId }).delete();
}

/** Who an e-mail to a member goes to. */
export type Recipient = {
  id: number;
  email: string;
  firstName: string | null;
  /** A password set by whoever proved they read this address (a mailed link), not only by a checkout redirect. */
  hasVerifiedPassword: boolean;
};

const RECIPIENT_COLUMNS = ['id', 'email', 'firstName', 'password', 'emailVerified'] as const;

type RecipientRow = {
  id: number;
  email: string;
  firstName: string | null;
  password: string | null;
  emailVerified: boolean;
};

function recipientOf(row: RecipientRow): Recipient {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    hasVerifiedPassword: Boolean(row.password) && row.emailVerified === true,
  };
}

export async function findRecipient(db: Knex, userId: number): Promise<Recipient | undefined> {
  const row: RecipientRow | undefined = await db('users')
    .where({ id: userId })
    .whereNull('deletedAt')
    .first(...RECIPIENT_COLUMNS);
  return row && recipientOf(row);
}

type OrderRecipient = { recipient: Recipient; programTitles: string[] };
type OrderLookup = { userId: number; orderId: string };

/**
 * The recipient of an order's e-mail and the titles of the programmes the order still gives them, in
 * catalogue order. Every order of a launch-night burst makes this read: those of concurrent e-mail jobs
 * go to the database as one statement (see batcherPer).
 */
export const findOrderRecipient = (db: Knex, userId: number, orderId: string) =>
  orderRecipients(db, { userId, orderId });
const orderRecipients = batcherPer(findOrderRecipients, { maxInFlight: 1, maxBatchSize: 100 });

/** findOrderRecipient of each lookup, in order: undefined for a user who no longer exists. */
async function findOrderRecipients(
  db: Knex,
  lookups: OrderLookup[],
): Promise<(OrderRecipient | undefined)[]> {
  const { rows } = await db.raw<{ rows: (RecipientRow & { position: string; programTitles: string[] })[] }>(
    `select lookup.position, ${RECIPIENT_COLUMNS.map((column) => `users."${column}"`).join(', ')},
            array(
              select programs.title from purchases
                join programs on programs.id = purchases."programId"
               where purchases."thriveOrderId" = lookup."orderId" and purchases."userId" = users.id
                 and ${givesAccessSql('purchases')}
               order by programs."orderIndex", programs.id
            ) as "programTitles"
       from unnest(?::integer[], ?::text[]) with ordinality as lookup("userId", "orderId", position)
       join users on users.id = lookup."userId" and users."deletedAt" is null`,
    [lookups.map((lookup) => lookup.userId), lookups.map((lookup) => lookup.orderId)],
  );
  const found = new Map(
    rows.map((row) => [
      Number(row.position),
      { recipient: recipientOf(row), programTitles: row.programTitles },
    ]),
  );
  return lookups.map((_lookup, index) => found.get(index + 1));
}
