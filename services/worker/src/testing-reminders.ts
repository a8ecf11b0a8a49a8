import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nextReminderAt } from '@sleep-ritual/learning/bedtime-reminders';
import { createTestDeps, eventually, ownTestDatabase, uniqueEmail } from '@sleep-ritual/platform/testing';
import {
  createClass,
  createPath,
  createPhase,
  createProgram,
  unique,
} from '@sleep-ritual/learning/testing-catalog';
import { startConsumers } from './consumers.ts';
import { mailsTo } from './outbox.ts';
import { createEmailsQueue } from '@sleep-ritual/jobs/emails';
import { createPurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { createReconcileQueue } from '@sleep-ritual/jobs/reconcile';
import { createRemindersQueue } from '@sleep-ritual/jobs/reminders';
import { uniqueQueuePrefix } from './testing.ts';

/**
 * A worker bench for bedtime reminders with a fake clock: two sets of consumers (as two worker
 * processes: each its own Redis connection and database pool) on a database of the test file's own (the
 * sweep reads every row), a queue prefix and an outbox of their own. `sweepAt(time)` moves the clock,
 * runs a sweep in each worker at once and waits until every reminder it queued was sent or skipped.
 */
export async function startReminderBench(name: string, start: Date) {
  const databaseUrl = await ownTestDatabase(name);
  const outboxDir = await mkdtemp(path.join(tmpdir(), `${name}-outbox-`));
  const overrides = {
    DATABASE_URL: databaseUrl,
    QUEUE_PREFIX: uniqueQueuePrefix(name),
    OUTBOX_DIR: outboxDir,
    SUPPORT_EMAIL: 'care@sleepritual.example',
  };
  const processes = [createTestDeps(overrides), createTestDeps(overrides)];
  const [deps] = processes as [ReturnType<typeof createTestDeps>];
  // The database is this file's alone: reminders left by an earlier run must not be swept into this one.
  await deps.db('bedtime_reminders').delete();

  await deps.backends.queues.ready();
  let now = start;
  const clock = () => now;
  const startAll = () => processes.map((each) => startConsumers(each, { clock }));
  let consumers = startAll();
  await Promise.all(consumers.map((each) => each.scheduled));
  const sweeps = createRemindersQueue(deps.backends.queues);
  const emails = createEmailsQueue(deps.backends.queues);

  async function settle() {
    await eventually(
      async () => {
        const counts = await emails.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
        if (counts.failed! > 0) throw new Error(`${counts.failed} reminder e-mail job(s) failed`);
        return counts.waiting! + counts.active! + counts.delayed! + counts.prioritized! === 0;
      },
      { what: 'the queued reminders to be sent', timeoutMs: 15_000 },
    );
  }

  return {
    deps,
    /** The two processes' own connections. */
    processes,
    databaseUrl,
    outboxDir,
    emails,
    now: () => now,
    /** Moves the clock to `time`, runs a sweep in both workers at once, and waits for what they queued. */
    async sweepAt(time: Date) {
      now = time;
      const jobs = await sweeps.addBulk([
        { name: 'sweep', data: { reason: 'request' as const } },
        { name: 'sweep', data: { reason: 'request' as const } },
      ]);
      await eventually(
        async () => {
          const states = await Promise.all(jobs.map((job) => sweeps.getJobState(job.id!)));
          if (states.includes('failed')) throw new Error('a reminders sweep failed');
          return states.every((state) => state === 'completed');
        },
        { what: 'both sweeps to finish', timeoutMs: 15_000 },
      );
      await settle();
    },
    settle,
    /** Stops both workers and starts them again, as a deploy or a crash and restart would. */
    async restart() {
      await Promise.all(consumers.map((each) => each.close()));
      consumers = startAll();
      await Promise.all(consumers.map((each) => each.scheduled));
    },
    mailsTo: (email: string) => mailsTo(outboxDir, email),
    /**
     * A learner who bought a programme of `nights` open classes ("Night 1 – Title 1"…) a day before the
     * clock, with the reminder turned on at `localTime` in `timeZone`, scheduled as the account page does
     * (unless `reminder` is false).
     */
    async learner(
      options: { localTime?: string; timeZone?: string; nights?: number; reminder?: boolean } = {},
    ) {
      const { localTime = '21:30', timeZone = 'America/New_York', nights = 3, reminder = true } = options;
      const programId = await createProgram(deps.db);
      const phaseId = await createPhase(deps.db, programId);
      const pathId = await createPath(deps.db, phaseId, { isUnlocked: true });
      const classIds: number[] = [];
      for (let index = 0; index < nights; index += 1) {
        classIds.push(
          await createClass(deps.db, pathId, {
            orderIndex: index,
            isUnlocked: true,
            label: `Night ${index + 1}`,
            title: `Title ${index + 1}`,
            durationMinutes: 15 + index,
          }),
        );
      }
      const email = uniqueEmail('sleeper');
      const [user] = await deps.db('users').insert({ email, firstName: 'Maya' }).returning('id');
      const userId = user.id as number;
      await deps.db('purchases').insert({
        userId,
        programId,
        status: 'completed',
        thriveOrderId: unique('R'),
        purchasedAt: new Date(now.getTime() - 24 * 60 * 60 * 1000),
      });
      const setting = { localTime, timeZone };
      if (reminder) {
        await deps.db('bedtime_reminders').insert({
          userId,
          enabled: true,
          ...setting,
          nextSendAt: nextReminderAt(setting, now),
        });
      }
      return { userId, email, programId, pathId, classIds };
    },
    async dispose() {
      await Promise.all(consumers.map((each) => each.close()));
      const queues = [
        sweeps,
        emails,
        createPurchasesQueue(deps.backends.queues),
        createReconcileQueue(deps.backends.queues),
      ];
      await Promise.all(queues.map((queue) => queue.close()));
      await deps.backends.queues.obliterate();
      await rm(outboxDir, { recursive: true, force: true });
      await Promise.all(processes.map((each) => each.close()));
    },
  };
}
