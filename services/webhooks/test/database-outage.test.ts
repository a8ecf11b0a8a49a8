import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, migrateLatest } from '@sleep-ritual/platform/db';
import { createTestDeps, eventually, listen, uniqueEmail } from '@sleep-ritual/platform/testing';
import { startThrowawayPostgres } from '@sleep-ritual/platform/testing-postgres';
import { startConsumers } from '@sleep-ritual/worker/consumers';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { createApp } from '../src/app.ts';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { postForm, uniqueOrderId } from './helpers.ts';

/**
 * Orders accepted while PostgreSQL is down are provisioned once it is back, with nobody doing anything.
 * The database is a server of this test's own, stopped and started again; the worker's backoff is
 * shortened (production retries for more than a day, see queues.test.ts), so that the outage outlasts
 * many more attempts than the 8 that used to lose these orders.
 */

const postgres = await startThrowawayPostgres();
const deps = createTestDeps({
  DATABASE_URL: postgres.url('sleep_ritual_outage'),
  QUEUE_PREFIX: uniqueQueuePrefix('outage'),
  OUTBOX_DIR: path.join(tmpdir(), `outage-outbox-${randomUUID()}`),
});
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let consumers: ReturnType<typeof startConsumers>;
let server: Awaited<ReturnType<typeof listen>>;
let ritual: { programId: number; item: string };

beforeAll(async () => {
  await ensureDatabase(deps.config.databaseUrl);
  await migrateLatest(deps.db);
  ritual = await createMappedProgram(deps.db);
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  consumers = startConsumers(deps, { purchaseRetry: { baseMs: 20, capMs: 200 } });
  server = await listen(createApp({ ...deps, purchasesQueue: queues.purchases }));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await consumers?.close();
  await queues?.dispose();
  await deps.close();
  await postgres.dispose();
  await rm(deps.config.outboxDir, { recursive: true, force: true });
});

describe('a PostgreSQL outage', () => {
  it('loses no order: every order accepted during it is provisioned once PostgreSQL is back', async () => {
    await postgres.stop();
    const orders = Array.from({ length: 10 }, () => ({
      orderId: uniqueOrderId(),
      email: uniqueEmail('outage'),
    }));
    for (const order of orders) {
      const response = await postForm(
        server.url,
        formBody(
          thrivecartOrderFields({ secret: deps.config.thrivecartSecret, ...order, items: [ritual.item] }),
        ),
      );
      expect(response.status).toBe(200);
    }

    // Every order has failed far more often than the 8 attempts that used to be all it got, and none
    // has been given up on.
    await eventually(
      async () => {
        const jobs = await queues.purchases.getJobs(['delayed', 'waiting', 'active', 'prioritized']);
        return jobs.length === orders.length && jobs.every((job) => job.attemptsMade >= 12);
      },
      { timeoutMs: 30_000, what: 'every order to be retried at least 12 times' },
    );
    expect(await queues.purchases.getFailedCount()).toBe(0);

    await postgres.start();
    // A job is marked completed just after its purchase is committed: wait for both.
    await eventually(async () => (await queues.purchases.getCompletedCount()) === orders.length, {
      timeoutMs: 20_000,
      what: 'every order to be provisioned',
    });
    const purchases = await deps.db('purchases').whereIn(
      'thriveOrderId',
      orders.map((order) => order.orderId),
    );
    expect(purchases).toHaveLength(orders.length);
  }, 90_000);
});
