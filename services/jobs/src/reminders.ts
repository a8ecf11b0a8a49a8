import type { DefaultJobOptions } from 'bullmq';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { openQueue, type ProducerQueue } from './producer.ts';

/** The sweep that queues the bedtime reminders due: one repeatable job, whatever the number of learners. */
export const REMINDERS_QUEUE = 'reminders';

export type ReminderSweepJob = { reason: 'schedule' | 'request' };

export type RemindersQueue = ProducerQueue<ReminderSweepJob>;

/** How often the sweep looks for bedtime reminders that are due. */
export const REMINDER_SWEEP_EVERY_MS = 60_000;
const REMINDER_SCHEDULER = 'bedtime-reminders-sweep';

const reminderSweepDefaults: DefaultJobOptions = {
  // A failed sweep is not retried: the next one, a minute later, finds the same reminders still due.
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 100 },
};

export const createRemindersQueue = (backend: QueueBackend): RemindersQueue =>
  openQueue<ReminderSweepJob>(backend, REMINDERS_QUEUE, reminderSweepDefaults);

/** The sweep every REMINDER_SWEEP_EVERY_MS (idempotent: one scheduler, however many workers set it). */
export async function scheduleReminderSweep(queue: RemindersQueue): Promise<void> {
  await queue.upsertJobScheduler(
    REMINDER_SCHEDULER,
    { every: REMINDER_SWEEP_EVERY_MS },
    // Each sweep starts a trace of its own rather than continuing whatever set the schedule.
    { name: 'sweep', data: { reason: 'schedule' }, opts: { telemetry: { omitContext: true } } },
  );
}
