import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { loadConfig } from '@sleep-ritual/platform/config';
import { createEmailsQueue } from '@sleep-ritual/jobs/emails';
import { createPurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { e2eEnv } from './env.ts';

/**
 * Purchase and e-mail jobs the started system's workers have not finished (waiting, running, retrying):
 * 0 means everything queued so far has been done, so what it wrote can be counted. The queues are the
 * started system's own: its QUEUE_PREFIX's default (one per database), in Redis or, with REDIS_URL=none,
 * in PostgreSQL.
 */
export async function unfinishedJobs(): Promise<number> {
  const backend = startedSystemQueues({ failFast: true });
  const queues = [createPurchasesQueue(backend), createEmailsQueue(backend)];
  try {
    const counts = await Promise.all(
      queues.map((queue) => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
    );
    return counts.reduce((sum, count) => sum + Object.values(count).reduce((a, b) => a + b, 0), 0);
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
    await backend.close();
  }
}

/**
 * Empties the started system's queues, as its database is dropped before each run: the jobs of an
 * earlier run would name orders and members the fresh database does not hold. In PostgreSQL they go
 * with the database.
 */
export async function emptyQueues(): Promise<void> {
  if (e2eEnv.REDIS_URL === 'none') return;
  // A connection that waits to be connected: the first command goes out at once.
  const backend = startedSystemQueues({ failFast: false });
  try {
    await backend.obliterate();
  } finally {
    await backend.close();
  }
}

function startedSystemQueues(options: { failFast: boolean }) {
  const config = loadConfig({ ...e2eEnv, NODE_ENV: 'test' });
  return createQueueBackend(config, config.queuePrefix, options);
}
