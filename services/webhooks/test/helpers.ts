import { randomInt, randomUUID } from 'node:crypto';
import { createRedis, type Redis } from '@sleep-ritual/platform/redis';
import { createClient } from '@sleep-ritual/platform/testing';
import { createPurchasesQueue, type PurchasesQueue } from '@sleep-ritual/worker/queues';

/** A purchases queue under a prefix of its own, so test files never see each other's jobs. */
export async function testPurchasesQueue(
  redisUrl: string,
): Promise<PurchasesQueue & { connection: Redis; dispose(): Promise<void> }> {
  const connection = createRedis(redisUrl, { failFast: true });
  const queue = createPurchasesQueue(connection, `test-${randomUUID()}`);
  await queue.waitUntilReady();
  return Object.assign(queue, {
    connection,
    async dispose() {
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    },
  });
}

/** Every job the queue holds, in any state. */
export async function jobCount(queue: PurchasesQueue): Promise<number> {
  const counts = await queue.getJobCounts();
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

let orderCounter = 0;
export function uniqueOrderId(): string {
  orderCounter += 1;
  return `${Date.now()}${process.pid}${orderCounter}`.slice(-15);
}

/** An item id no other test uses (product_program_map keys are unique across the database). */
export function uniqueItemNumber(): number {
  return randomInt(100_000_000, 2_000_000_000);
}

export function postForm(url: string, body: string) {
  return createClient(url).request('/api/webhooks/thrivecart', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

export function postJson(url: string, body: unknown) {
  return createClient(url).request('/api/webhooks/thrivecart', { method: 'POST', json: body });
}
