import type { Knex } from 'knex';
import {
  nextReminderAt,
  REMINDER_GRACE_MS,
  unsubscribePageUrl,
  unsubscribeUrl,
} from '@sleep-ritual/learning/bedtime-reminders';
import {
  byProgram,
  listOwnedJourneyClasses,
  nextClass,
  type JourneyClassRow,
} from '@sleep-ritual/learning/learner-journey';
import { localDateOf } from '@sleep-ritual/learning/local-time';
import type { Logger } from '@sleep-ritual/platform/logger';
import { findRecipient } from '../data/emails.ts';
import {
  isReminderOn,
  lockDueReminders,
  recordSend,
  rescheduleReminders,
  stopScheduling,
  type DueReminder,
} from '../data/reminders.ts';
import type { EmailDeps } from '../deps.ts';
import { bedtimeReminderEmail } from '../mail/templates.ts';
import { reminderEmailOptions, type BedtimeReminderJob, type EmailsQueue } from '@sleep-ritual/jobs/emails';
import type { EmailOutcome } from './emails.processor.ts';

/**
 * Bedtime reminders. Each opted-in learner's row holds when their next reminder is due. Every minute
 * one sweep (whichever worker takes the repeatable job) queues the reminders that came due and moves
 * each row on to the next time the learner's local time comes round in their zone; between sweeps
 * nothing runs and Redis holds nothing per learner. Sending checks everything again at that moment and
 * records the night, so a night is never sent twice.
 */

export type SweepDeps = { db: Knex; emails: EmailsQueue };
export type SweepOutcome = { queued: number; late: number };

/** Reminders per transaction: one index range, one Redis round trip and one update each. */
export const SWEEP_BATCH = 1_000;

/** Queues every reminder due at `now` and schedules each one's next night. */
export async function sweepDueReminders(
  deps: SweepDeps,
  now: Date,
  batchSize = SWEEP_BATCH,
): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { queued: 0, late: 0 };
  // Learners share a handful of bedtimes and zones: each answer is worked out once per sweep.
  const nextSends = new Map<string, Date>();
  const nextSend = (reminder: DueReminder) => {
    const key = `${reminder.localTime} ${reminder.timeZone}`;
    let next = nextSends.get(key);
    if (!next) nextSends.set(key, (next = nextReminderAt(reminder, now)));
    return next;
  };
  const localDates = new Map<string, string>();
  const localDate = (reminder: DueReminder) => {
    const key = `${reminder.nextSendAt.getTime()} ${reminder.timeZone}`;
    let date = localDates.get(key);
    if (!date) localDates.set(key, (date = localDateOf(reminder.nextSendAt, reminder.timeZone)));
    return date;
  };
  for (;;) {
    const found = await deps.db.transaction(async (trx) => {
      const due = await lockDueReminders(trx, now, batchSize);
      const jobs: BedtimeReminderJob[] = [];
      for (const reminder of due) {
        if (now.getTime() - reminder.nextSendAt.getTime() > REMINDER_GRACE_MS) {
          outcome.late += 1;
          continue;
        }
        jobs.push({
          template: 'bedtime-reminder',
          userId: reminder.userId,
          localDate: localDate(reminder),
          dueAt: reminder.nextSendAt.toISOString(),
        });
      }
      // Queued before the rows move on: if the commit fails, the next sweep queues the same job ids
      // again, and sending finds the night already recorded.
      if (jobs.length > 0) {
        await deps.emails.addBulk(
          jobs.map((job) => ({ name: job.template, data: job, opts: reminderEmailOptions(job) })),
        );
      }
      await rescheduleReminders(
        trx,
        due.map((reminder) => ({ userId: reminder.userId, nextSendAt: nextSend(reminder) })),
      );
      outcome.queued += jobs.length;
      return due.length;
    });
    if (found < batchSize) return outcome;
  }
}

type Tonight = { kind: 'send'; item: JourneyClassRow } | { kind: 'wait' } | { kind: 'done'; why: string };

/**
 * The night to remind of: the next class to do ("Tonight"'s rule) of the first owned programme that has
 * one open; `wait` when the next nights open later or are locked; `done` when every owned class is
 * completed or the learner owns nothing any more.
 */
async function tonightFor(db: Knex, userId: number, now: Date): Promise<Tonight> {
  const rows = await listOwnedJourneyClasses(db, userId, now);
  if (rows.length === 0) return { kind: 'done', why: 'the learner has no access any more' };
  for (const classes of byProgram(rows).values()) {
    const next = nextClass(classes);
    if (next && !next.repeat && !next.upcoming) return { kind: 'send', item: next.item };
  }
  if (rows.every((row) => row.completed)) return { kind: 'done', why: 'every night is completed' };
  return { kind: 'wait' };
}

/**
 * Sends one learner's reminder of one night, unless: it is far too late, the learner turned reminders
 * off, nothing is open to do tonight, or the night was sent already. When nothing is left to remind of
 * (programme completed, access revoked), no further reminder is scheduled.
 */
export async function sendBedtimeReminder(
  deps: EmailDeps,
  job: BedtimeReminderJob,
  log: Logger,
  now: Date,
): Promise<EmailOutcome> {
  const skipped = (why: string): EmailOutcome => {
    log.info({ userId: job.userId, localDate: job.localDate }, `bedtime reminder skipped: ${why}`);
    return { skipped: why };
  };
  if (now.getTime() - new Date(job.dueAt).getTime() > REMINDER_GRACE_MS) return skipped('too late tonight');
  if (!(await isReminderOn(deps.db, job.userId))) return skipped('reminders are turned off');
  const user = await findRecipient(deps.db, job.userId);
  if (!user) return skipped('the learner no longer exists');

  const tonight = await tonightFor(deps.db, job.userId, now);
  if (tonight.kind === 'done') {
    await stopScheduling(deps.db, job.userId);
    return skipped(tonight.why);
  }
  if (tonight.kind === 'wait') return skipped('no night is open to do tonight');

  const { item } = tonight;
  const classUrl = new URL(
    `/program/${item.programId}/path/${item.pathId}/class/${item.id}`,
    deps.config.publicAppUrl,
  ).toString();
  const content = bedtimeReminderEmail({
    firstName: user.firstName,
    supportEmail: deps.config.supportEmail,
    appUrl: deps.config.publicAppUrl,
    label: item.label,
    title: item.title,
    durationMinutes: item.durationMinutes,
    classUrl,
    unsubscribeUrl: unsubscribePageUrl(deps.config, user.id),
  });
  // The record and the e-mail stand or fall together: a failed send leaves no record, so the retry
  // sends; a second sender of the same night waits on the unique key, then finds it taken.
  return deps.db.transaction(async (trx) => {
    const first = await recordSend(trx, { userId: user.id, localDate: job.localDate, classId: item.id });
    if (!first) return skipped('this night was sent already');
    await deps.mailer.send(
      {
        to: user.email,
        ...content,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl(deps.config, user.id)}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      { userId: user.id },
    );
    return { sent: job.template, userId: user.id };
  });
}
