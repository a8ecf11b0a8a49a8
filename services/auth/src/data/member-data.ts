import type { Knex } from 'knex';

/**
 * Every table of a member's own rows, apart from `users` and `purchases`: the data download lists each
 * under its key (every column but the row id and the member's id), and deleting the account deletes its
 * rows. A new table of per-member data is one more line here.
 */
const MEMBER_TABLES: { key: string; table: string; userColumn: string }[] = [
  { key: 'progress', table: 'user_progress', userColumn: 'userId' },
  { key: 'bedtimeReminder', table: 'bedtime_reminders', userColumn: 'userId' },
  { key: 'bedtimeRemindersSent', table: 'bedtime_reminder_sends', userColumn: 'userId' },
  { key: 'sleepCheckIns', table: 'sleep_check_ins', userColumn: 'user_id' },
];

/** Deleted with the account, never downloaded: they are keys to the account, not data about the member. */
const MEMBER_SECRET_TABLES: { table: string; userColumn: string }[] = [
  { table: 'password_reset_tokens', userColumn: 'userId' },
  { table: 'sign_in_tokens', userColumn: 'userId' },
];

export async function readMemberTables(
  db: Knex,
  userId: number,
): Promise<Record<string, Record<string, unknown>[]>> {
  const entries = await Promise.all(
    MEMBER_TABLES.map(async ({ key, table, userColumn }) => {
      const rows: Record<string, unknown>[] = await db(table)
        .where(userColumn, userId)
        .orderByRaw('1')
        .select('*');
      return [key, rows.map(({ id: _id, [userColumn]: _user, ...rest }) => rest)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export async function deleteMemberTables(trx: Knex.Transaction, userId: number): Promise<void> {
  for (const { table, userColumn } of [...MEMBER_TABLES, ...MEMBER_SECRET_TABLES])
    await trx(table).where(userColumn, userId).delete();
}
