import type { Knex } from 'knex';
import { sweepDueReminders, type SweepOutcome } from '../domain/reminders.ts';
import { REMINDERS_QUEUE, type EmailsQueue, type ReminderSweepJob } from '../queues.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

/**
 * The bedtime reminders' sweep, one at a time per process. Several worker processes may each take a
 * sweep; they share the due reminders between them (see lockDueReminders). `clock` is the time the
 * sweep is run for (tests move it).
 */
export function startRemindersWorker(
  deps: WorkerConnection & { db: Knex; emails: EmailsQueue; clock: () => Date },
) {
  return startWorker<ReminderSweepJob, SweepOutcome>(REMINDERS_QUEUE, { ...deps, concurrency: 1 }, () =>
    sweepDueReminders(deps, deps.clock()),
  );
}
