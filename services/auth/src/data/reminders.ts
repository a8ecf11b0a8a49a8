import type { Knex } from 'knex';

/** A learner's bedtime reminder setting, as stored (the worker moves `nextSendAt` on each night). */
export type ReminderRow = {
  userId: number;
  enabled: boolean;
  localTime: string;
  timeZone: string;
  nextSendAt: Date | null;
};

const columns = ['userId', 'enabled', 'localTime', 'timeZone', 'nextSendAt'] as const;

export function findReminder(db: Knex, userId: number): Promise<ReminderRow | undefined> {
  return db('bedtime_reminders')
    .where({ userId })
    .first(...columns);
}

/** Stores the learner's setting, made or replaced whole. */
export async function upsertReminder(db: Knex, row: ReminderRow): Promise<ReminderRow> {
  const [saved] = await db('bedtime_reminders')
    .insert(row)
    .onConflict('userId')
    .merge({ ...row, updatedAt: db.fn.now() })
    .returning(columns);
  return saved as ReminderRow;
}

/** Turns the learner's reminder off; nothing to do when they never had one. */
export async function turnOffReminder(db: Knex, userId: number): Promise<void> {
  await db('bedtime_reminders')
    .where({ userId })
    .update({ enabled: false, nextSendAt: null, updatedAt: db.fn.now() });
}
