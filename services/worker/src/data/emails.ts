import type { Knex } from 'knex';
import { givesAccessSql } from '@sleep-ritual/learning/purchase-access';

/** What sending an e-mail reads and records: its recipient, and that a job's message has left. */

/** How long a sent job's record is kept: longer than the queues keep a completed e-mail job (30 days). */
const KEPT_DAYS = 90;
/** How often a process clears old records (on a claim, at most this often). */
const SWEEP_EVERY_MS = 60 * 60_000;
let sweptAt = 0;

/**
 * Records that the job's message is about to leave; false when it was recorded before (this job ran
 * already and sent). Committed before the message is sent, so a run that sent and then lost its
 * completion finds it.
 */
export async function claimEmailSend(db: Knex, jobKey: string): Promise<boolean> {
  const rows = await db('email_sends').insert({ jobKey }).onConflict('jobKey').ignore().returning('jobKey');
  if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
    sweptAt = Date.now();
    await db('email_sends')
      .where('sentAt', '<', db.raw(`now() - interval '${KEPT_DAYS} days'`))
      .delete();
  }
  return rows.length > 0;
}

/** The message did not leave (the mail server refused it): the job's retry may send it. */
export async function releaseEmailSend(db: Knex, jobKey: string): Promise<void> {
  await db('email_sends').where({ jobKey }).delete();
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

/**
 * The recipient of an order's e-mail and the titles of the programmes the order still gives them, in
 * catalogue order: one read (every order of a launch-night burst makes it).
 */
export async function findOrderRecipient(
  db: Knex,
  userId: number,
  orderId: string,
): Promise<{ recipient: Recipient; programTitles: string[] } | undefined> {
  const row: (RecipientRow & { programTitles: string[] }) | undefined = await db('users')
    .where({ id: userId })
    .whereNull('deletedAt')
    .first(
      ...RECIPIENT_COLUMNS,
      db.raw(
        `array(
           select programs.title from purchases
             join programs on programs.id = purchases."programId"
            where purchases."thriveOrderId" = ? and purchases."userId" = users.id and ${givesAccessSql('purchases')}
            order by programs."orderIndex", programs.id
         ) as "programTitles"`,
        [orderId],
      ),
    );
  return row && { recipient: recipientOf(row), programTitles: row.programTitles };
}
