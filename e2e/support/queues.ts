import { createRedis } from '@sleep-ritual/platform/redis';
import { createEmailsQueue, createPurchasesQueue } from '@sleep-ritual/worker/queues';
import { e2eEnv } from './env.ts';

/** The started system's queue prefix: QUEUE_PREFIX's default, one per database. */
const prefix = `bull:${decodeURIComponent(new URL(e2eEnv.DATABASE_URL).pathname.slice(1))}`;

/**
 * Purchase and e-mail jobs the started system's workers have not finished (waiting, running, retrying):
 * 0 means everything queued so far has been done, so what it wrote can be counted.
 */
export async function unfinishedJobs(): Promise<number> {
  const connection = createRedis(e2eEnv.REDIS_URL, { failFast: true });
  const queues = [createPurchasesQueue(connection, prefix), createEmailsQueue(connection, prefix)];
  try {
    const counts = await Promise.all(
      queues.map((queue) => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized')),
    );
    return counts.reduce((sum, count) => sum + Object.values(count).reduce((a, b) => a + b, 0), 0);
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
    connection.disconnect();
  }
}
