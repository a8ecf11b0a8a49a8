// `npm run bench:reminders`: what the bedtime reminders cost at 50,000 opted-in learners. Not a test: it
// prints figures. It times the worker's sweep queuing one night's reminders for every learner at once
// (the worst minute: everyone due together) and measures the Redis memory they hold, beside two baselines
// measured in the same run: one delayed BullMQ job per learner (the other way to schedule each next
// send, which holds its jobs all day) and a bare pipeline of as many Redis SETs. Redis is a throwaway
// redis-server of its own on a spare port, so INFO memory counts nothing but this run; PostgreSQL is a
// database of its own named after the test database (the sweep reads every row), emptied before and
// after. BENCH_LEARNERS (default 50,000) changes the number of learners.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { nextReminderAt } from '@sleep-ritual/learning/bedtime-reminders';
import { createDb, type Knex } from '@sleep-ritual/platform/db';
import { redisQueueBackend } from '@sleep-ritual/platform/queue-backend';
import { createRedis, type Redis } from '@sleep-ritual/platform/redis';
import { freePort, ownTestDatabase } from '@sleep-ritual/platform/testing';
import { sweepDueReminders } from '@sleep-ritual/worker/reminders';
import { createEmailsQueue, EMAILS_QUEUE } from '@sleep-ritual/jobs/emails';
import { completeJobs } from '@sleep-ritual/worker/testing';
import { printColumns } from './lib/print-table.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 50_000);
const ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Asia/Kolkata',
];
const PREFIX = 'bench-reminders';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const seconds = (ms: number) => (ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A redis-server of this run's own: no persistence, gone when the run ends. */
async function startThrowawayRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = createRedis(url, { failFast: true });
  probe.on('error', () => {});
  for (let tries = 0; ; tries += 1) {
    try {
      await probe.ping();
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  return { url, child };
}

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info('memory');
  const used = /^used_memory:(\d+)/m.exec(info)?.[1];
  if (used === undefined) throw new Error('redis INFO memory has no used_memory line');
  return Number(used);
}

/** Removes every learner of an earlier run (the database is this benchmark's alone). */
async function empty(db: Knex): Promise<void> {
  await db.raw(
    'truncate bedtime_reminder_sends, bedtime_reminders, user_progress, purchases, users restart identity cascade',
  );
}

/** LEARNERS learners owning one open night, each with a reminder due a second before `now`. */
async function seed(db: Knex, now: Date): Promise<void> {
  const [program] = await db('programs').insert({ title: 'Bench ritual' }).returning('id');
  const [phase] = await db('phases').insert({ programId: program.id, title: 'Nights' }).returning('id');
  const [path] = await db('paths').insert({ phaseId: phase.id, title: 'Night by night' }).returning('id');
  await db('classes').insert({ pathId: path.id, title: 'Arriving', label: 'Night 1', isUnlocked: true });
  await db.raw(
    `insert into users (email) select 'bench-reminder-' || n || '@bench.example' from generate_series(1, ?) n`,
    [LEARNERS],
  );
  await db.raw(
    `insert into purchases ("userId", "programId", status, "thriveOrderId")
     select id, ?, 'completed', 'BENCH-' || id from users`,
    [program.id],
  );
  await db.raw(
    `insert into bedtime_reminders ("userId", enabled, "localTime", "timeZone", "nextSendAt")
     select id, true, '21:30', (?::text[])[1 + id % ?], ?::timestamptz - interval '1 second' from users`,
    [ZONES, ZONES.length, now],
  );
  await db.raw('analyze bedtime_reminders');
}

async function main(): Promise<void> {
  const databaseUrl = await ownTestDatabase('bench_reminders');
  const db = createDb(databaseUrl, { min: 0, max: 4 });
  const redisServer = await startThrowawayRedis();
  const redis = createRedis(redisServer.url);
  const queues = redisQueueBackend(redis, PREFIX);
  const emails = createEmailsQueue(queues);
  const rows: string[][] = [];
  try {
    await empty(db);
    const now = new Date();
    await seed(db, now);
    await emails.waitUntilReady();
    const idle = await usedMemory(redis);

    // Ours: the sweep queues the night's reminders and schedules each learner's next one.
    let started = performance.now();
    const outcome = await sweepDueReminders({ db, emails }, now);
    const sweepMs = performance.now() - started;
    const queuedMemory = (await usedMemory(redis)) - idle;
    if (outcome.queued !== LEARNERS) throw new Error(`the sweep queued ${outcome.queued} of ${LEARNERS}`);
    rows.push([
      `sweep: queue a night's ${LEARNERS.toLocaleString('en')} reminders`,
      seconds(sweepMs),
      `${megabytes(queuedMemory)} until sent`,
    ]);

    started = performance.now();
    const nobody = await sweepDueReminders({ db, emails }, new Date(now.getTime() + 60_000));
    rows.push(['sweep a minute later, nobody due', seconds(performance.now() - started), '0']);
    if (nobody.queued !== 0) throw new Error('the second sweep found reminders due');

    // The night's e-mails are taken off the queue (by a sender that does nothing): each job is removed
    // once done, so nothing stays per learner.
    await completeJobs(queues, EMAILS_QUEUE, LEARNERS);
    const eventLog = Number(await redis.call('MEMORY', 'USAGE', `${PREFIX}:${EMAILS_QUEUE}:events`));
    rows.push([
      'Redis between nights, after the night was sent',
      '',
      `${megabytes((await usedMemory(redis)) - idle)} (event log ${megabytes(eventLog)})`,
    ]);

    // Baseline 1: one delayed job per learner, each waiting for its own next send.
    await redis.flushdb();
    const before = await usedMemory(redis);
    const nextSends = await db('bedtime_reminders').select('userId', 'localTime', 'timeZone');
    started = performance.now();
    for (let index = 0; index < nextSends.length; index += 1_000) {
      await emails.addBulk(
        nextSends.slice(index, index + 1_000).map((row) => {
          const dueAt = nextReminderAt(row, now);
          return {
            name: 'bedtime-reminder',
            data: {
              template: 'bedtime-reminder',
              userId: row.userId,
              localDate: '',
              dueAt: dueAt.toISOString(),
            },
            opts: { jobId: `delayed-${row.userId}`, delay: dueAt.getTime() - now.getTime() },
          };
        }),
      );
    }
    rows.push([
      'baseline: one delayed job per learner',
      seconds(performance.now() - started),
      `${megabytes((await usedMemory(redis)) - before)} all day, every day`,
    ]);

    // Baseline 2: the floor, as many small values written in one pipeline.
    await redis.flushdb();
    const bare = await usedMemory(redis);
    started = performance.now();
    const pipeline = redis.pipeline();
    for (let index = 1; index <= LEARNERS; index += 1) {
      pipeline.set(`bare:${index}`, JSON.stringify({ userId: index, localDate: '2026-11-25' }));
    }
    await pipeline.exec();
    rows.push([
      `bare: ${LEARNERS.toLocaleString('en')} SETs in one pipeline`,
      seconds(performance.now() - started),
      megabytes((await usedMemory(redis)) - bare),
    ]);

    console.log(
      `\n${LEARNERS.toLocaleString('en')} opted-in learners in ${ZONES.length} time zones, all due in the same minute;` +
        ` a throwaway redis-server (machine load ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores)\n`,
    );
    printColumns(['', 'time', 'Redis memory held'], rows);
    console.log('');
  } finally {
    await emails.close();
    redis.disconnect();
    redisServer.child.kill('SIGTERM');
    await empty(db).catch(() => {});
    await db.destroy();
  }
}

await main();
