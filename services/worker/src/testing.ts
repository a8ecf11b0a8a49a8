import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { eventually, freePort } from '@sleep-ritual/platform/testing';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { createPurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { createEmailsQueue } from '@sleep-ritual/jobs/emails';

/**
 * Helpers for tests and the bench script that drive the purchase flow against the real database and
 * Redis: a unique queue prefix, a programme with a checkout item mapped to it, queues to inspect, the
 * worker as a child process. Polling (`eventually`) is in `@sleep-ritual/platform/testing`.
 */

export function uniqueQueuePrefix(label = 'test'): string {
  return `${label}-${randomUUID()}`;
}

/** A new programme and a checkout item (`product-N`, `bump-N`, …) mapped to it, unique in the database. */
export async function createMappedProgram(
  db: Knex,
  options: { kind?: 'product' | 'upsell' | 'bump'; title?: string } = {},
): Promise<{ programId: number; item: string }> {
  const [program] = await db('programs')
    .insert({ title: options.title ?? `Test programme ${randomUUID().slice(0, 8)}` })
    .returning('id');
  const item = `${options.kind ?? 'product'}-${randomInt(100_000_000, 2_000_000_000)}`;
  await db('product_program_map').insert({ externalProductId: item, programId: program.id });
  return { programId: program.id, item };
}

/**
 * Both queues under a prefix (by default the config's), in the store the config names (Redis, or
 * PostgreSQL with REDIS_URL=none), to add jobs to and inspect; dispose() removes everything under the
 * prefix.
 */
export async function openTestQueues(config: Config, prefix = config.queuePrefix) {
  const backend = createQueueBackend(config, prefix, { failFast: true });
  await backend.ready();
  const purchases = createPurchasesQueue(backend);
  const emails = createEmailsQueue(backend);
  await Promise.all([purchases.waitUntilReady(), emails.waitUntilReady()]);
  return {
    purchases,
    emails,
    backend,
    async dispose() {
      await Promise.all([purchases.close(), emails.close()]);
      await backend.obliterate();
      await backend.close();
    },
    /** Nothing waiting, running or retrying on either queue: the worker has done all it was given. */
    async idle(): Promise<boolean> {
      const counts = await Promise.all(
        [purchases, emails].map((queue) =>
          queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children'),
        ),
      );
      return counts.every((count) => Object.values(count).every((n) => n === 0));
    },
  };
}

/**
 * A queue backend whose store does not answer (nothing listens on its port), Redis or PostgreSQL as the
 * config's: for tests of the 503 a producer answers during an outage.
 */
export function unreachableQueueBackend(config: Config) {
  const closedPort = 6399;
  return createQueueBackend(
    config.redisUrl === null
      ? { ...config, databaseUrl: `postgres://postgres@127.0.0.1:${closedPort}/unreachable` }
      : { ...config, redisUrl: `redis://127.0.0.1:${closedPort}` },
    'unreachable',
    { failFast: true },
  );
}

/**
 * The worker as its real process (`node services/worker/src/server.ts`) on the given
 * database, queue prefix and outbox; answers once its health probe does. `url` is its WORKER_PORT.
 */
export async function startWorkerProcess(
  config: Config,
  options: { outboxDir: string; logLevel?: string; smtpUrl?: string },
) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['services/worker/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: options.logLevel ?? 'warn',
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl ?? 'none',
      QUEUE_PREFIX: config.queuePrefix,
      OUTBOX_DIR: options.outboxDir,
      WORKER_PORT: String(port),
      SESSION_KEYS: config.sessionKeys.join(','),
      ADMIN_PASSWORD: config.adminPassword,
      THRIVECART_SECRET: config.thrivecartSecret,
      ACCOUNT_HASH_SECRET: config.accountHashSecret,
      SMTP_URL: options.smtpUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    {
      timeoutMs: 30_000,
      what: 'the worker process to start',
    },
  ).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  });
  return { child, exited, output: () => output, url: `http://127.0.0.1:${port}` };
}

/**
 * Takes `count` jobs off a queue with a processor that does nothing, as fast as the store allows: for
 * the reminders benchmark, to see what Redis holds once a night's reminders are sent.
 */
export async function completeJobs(backend: QueueBackend, queueName: string, count: number) {
  let done = 0;
  await new Promise<void>((resolve, reject) => {
    const worker = backend.worker(queueName, async () => undefined, { concurrency: 200 });
    worker.on('error', reject);
    worker.on('completed', () => {
      done += 1;
      if (done === count) void worker.close().then(() => resolve());
    });
  });
}
