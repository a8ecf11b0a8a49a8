import type { Knex } from 'knex';

/** A reminder whose time has come, locked by the sweep that found it. */
export type DueReminder = { userId: number; localTime: string; timeZone: string; nextSendAt: Date };

/**
 * Up to `limit` reminders due at `now`, earliest first, locked for this transaction. Rows another
 * worker's sweep holds are skipped (SKIP LOCKED), so two sweeps share the work instead of repeating it.
 * The partial index `bedtime_reminders_due` makes this one index range: nothing due, nothing read.
 */
export async function lockDueReminders(
  trx: Knex.Transaction,
  now: Date,
  limit: number,
): Promise<DueReminder[]> {
  const { rows } = await trx.raw<{ rows: DueReminder[] }>(
    `select "userId", "localTime", "timeZone", "nextSendAt"
       from bedtime_reminders
      where enabled and "nextSendAt" is not null and "nextSendAt" <= ?
      order by "nextSendAt"
      limit ?
      for update skip locked`,
    [now, limit],
  );
  return rows;
}

/** Moves each reminder on to its next send, in one statement. */
export async function rescheduleReminders(
  trx: Knex.Transaction,
  next: { userId: number; nextSendAt: Date }[],
): Promise<void> {
  if (next.length === 0) return;
  await trx.raw(
    `update bedtime_reminders r set "nextSendAt" = v.next, "updatedAt" = now()
       from unnest(?::int[], ?::timestamptz[]) as v("userId", next)
      where r."userId" = v."userId"`,
    [next.map((item) => item.userId), next.map((item) => item.nextSendAt)],
  );
}

export async function isReminderOn(db: Knex, userId: number): Promise<boolean> {
  const row = await db('bedtime_reminders').where({ userId }).first('enabled');
  return row?.enabled === true;
}

/**
 * No more reminders are scheduled: nothing is left to remind of (every night done, or no access). The
 * setting stays on; saving it again on /account starts them anew.
 */
export async function stopScheduling(db: Knex, userId: number): Promise<void> {
  await db('bedtime_reminders').where({ userId }).update({ nextSendAt: null, updatedAt: db.fn.now() });
}

/**
 * Records that the learner's reminder of `localDate` is being sent; false when one was recorded
 * already. Within a transaction that ends after the e-mail went out, a second sender of the same night
 * (another worker process) waits on the unique key and then finds it taken.
 */
export async function recordSend(
  trx: Knex.Transaction,
  send: { userId: number; localDate: string; classId: number },
): Promise<boolean> {
  const rows = await trx('bedtime_reminder_sends')
    .insert(send)
    .onConflict(['userId', 'localDate'])
    .ignore()
    .returning('id');
  return rows.length > 0;
}
