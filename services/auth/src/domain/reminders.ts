import {
  DEFAULT_REMINDER_TIME,
  reminderMessages,
  type BedtimeReminder,
  type bedtimeReminderInputSchema,
} from '@sleep-ritual/contracts/reminders';
import { nextReminderAt, verifyUnsubscribeToken } from '@sleep-ritual/learning/bedtime-reminders';
import { isoOrNull } from '@sleep-ritual/platform/dates';
import { BadRequestError } from '@sleep-ritual/platform/errors';
import type { z } from 'zod';
import { findReminder, turnOffReminder, upsertReminder, type ReminderRow } from '../data/reminders.ts';
import type { AuthDeps } from '../deps.ts';

type Deps = Pick<AuthDeps, 'db' | 'config'>;

function toAnswer(row: ReminderRow | undefined): BedtimeReminder {
  if (!row) return { enabled: false, time: DEFAULT_REMINDER_TIME, timeZone: null, nextSendAt: null };
  return {
    enabled: row.enabled,
    time: row.localTime,
    timeZone: row.timeZone,
    nextSendAt: isoOrNull(row.nextSendAt),
  };
}

export async function getReminder({ db }: Deps, userId: number): Promise<BedtimeReminder> {
  return toAnswer(await findReminder(db, userId));
}

/**
 * Saves the learner's setting. Turned on, the first reminder is scheduled for the next time the chosen
 * local time comes round in their zone (tonight, if it is still ahead); the worker schedules each
 * following one as it sends. Saving again also restarts reminders that stopped after the last night.
 */
export async function saveReminder(
  { db }: Deps,
  userId: number,
  input: z.output<typeof bedtimeReminderInputSchema>,
  now: Date = new Date(),
): Promise<BedtimeReminder> {
  const setting = { localTime: input.time, timeZone: input.timeZone };
  const saved = await upsertReminder(db, {
    userId,
    enabled: input.enabled,
    ...setting,
    nextSendAt: input.enabled ? nextReminderAt(setting, now) : null,
  });
  return toAnswer(saved);
}

function userOf(deps: Deps, token: string): number {
  const userId = verifyUnsubscribeToken(deps.config, token);
  if (userId === undefined) throw new BadRequestError(reminderMessages.invalidLink);
  return userId;
}

/** Whether the learner of an unsubscribe link still gets reminders (the page asks before it turns them off). */
export async function checkUnsubscribeLink(deps: Deps, token: string): Promise<{ enabled: boolean }> {
  const row = await findReminder(deps.db, userOf(deps, token));
  return { enabled: row?.enabled ?? false };
}

/** One-click unsubscribe: the link's learner gets no more reminders. Repeating it changes nothing. */
export async function unsubscribe(deps: Deps, token: string): Promise<{ enabled: false }> {
  await turnOffReminder(deps.db, userOf(deps, token));
  return { enabled: false };
}
