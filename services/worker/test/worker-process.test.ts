import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { scrape, valueOf } from '@sleep-ritual/platform/testing-metrics';
import { enqueuePurchase, type PurchaseJob } from '@sleep-ritual/jobs/purchases';
import {
  createMappedProgram,
  openTestQueues,
  startWorkerProcess,
  uniqueQueuePrefix,
} from '../src/testing.ts';

/**
 * The worker as the real process (`node services/worker/src/server.ts`), killed and
 * stopped the way production does it.
 */

const prefix = uniqueQueuePrefix('worker-process');
const deps = createTestDeps({ QUEUE_PREFIX: prefix });
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let outboxDir: string;
let item: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  queues = await openTestQueues(deps.config, prefix);
  outboxDir = await mkdtemp(path.join(tmpdir(), 'worker-outbox-'));
  ({ item } = await createMappedProgram(deps.db));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await queues.dispose();
  await rm(outboxDir, { recursive: true, force: true });
  await deps.close();
});

function startWorker() {
  return startWorkerProcess(deps.config, { outboxDir }).then((worker) => {
    children.push(worker.child);
    return worker;
  });
}

function orders(run: string, count: number): PurchaseJob[] {
  return Array.from({ length: count }, (_, index) => ({
    event: 'order.success',
    orderId: `${run}-${index}`,
    invoiceId: null,
    test: false,
    customer: { email: uniqueEmail(run), firstName: null, lastName: null },
    items: [item],
    totalCents: 4700,
  }));
}

/**
 * Adds the orders ten at a time, each ten once Redis holds the ten before, as a burst of webhooks
 * would arrive: the worker is taking jobs while the rest are still coming.
 */
async function enqueueBurst(jobs: PurchaseJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += 10) {
    await Promise.all(jobs.slice(start, start + 10).map((job) => enqueuePurchase(queues.purchases, job)));
  }
}

async function provisioned(run: string): Promise<{ orders: number; purchases: number }> {
  const [row] = await deps
    .db('purchases')
    .where('thriveOrderId', 'like', `${run}-%`)
    .select(
      deps.db.raw('count(distinct "thriveOrderId")::int as orders'),
      deps.db.raw('count(*)::int as purchases'),
    );
  return row;
}

describe('the worker process', () => {
  it('killed with SIGKILL in the middle of a burst of 200 orders, then restarted, ends with exactly 200 provisioned orders', async () => {
    const run = `kill${Date.now()}`;
    const first = await startWorker();
    const burst = enqueueBurst(orders(run, 200));

    await eventually(async () => (await provisioned(run)).orders >= 20, {
      timeoutMs: 30_000,
      intervalMs: 10,
      what: 'the first orders',
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    await burst;
    const atKill = await provisioned(run);
    expect(atKill.orders).toBeLessThan(200);

    const second = await startWorker();
    const done = await eventually(
      async () => {
        const now = await provisioned(run);
        return now.orders === 200 ? now : undefined;
      },
      { timeoutMs: 75_000, intervalMs: 250, what: 'all 200 orders to be provisioned' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${second.output()}`);
    });

    expect(done).toEqual({ orders: 200, purchases: 200 });
    expect(await queues.purchases.getFailedCount()).toBe(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('on SIGTERM finishes the jobs in hand, leaves the rest waiting, and exits 0', async () => {
    const run = `term${Date.now()}`;
    const worker = await startWorker();
    await enqueueBurst(orders(run, 100));
    // Generous: the whole suite runs beside this on two cores; a failure says what the worker said.
    await eventually(async () => (await provisioned(run)).orders >= 5, {
      timeoutMs: 60_000,
      intervalMs: 10,
      what: 'the first orders',
    }).catch((error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${worker.output()}`);
    });

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    // Nothing is left half-done: every job is either completed (and its order provisioned) or untouched.
    expect(await queues.purchases.getActiveCount()).toBe(0);
    const { orders: done } = await provisioned(run);
    // This run's jobs only: the test before may leave jobs of its killed worker for a later start.
    const ofThisRun = (jobs: { data: { orderId: string } }[]) =>
      jobs.filter((job) => job.data.orderId.startsWith(`${run}-`));
    const completed = ofThisRun(await queues.purchases.getCompleted(0, -1));
    expect(completed).toHaveLength(done);
    expect(done + ofThisRun(await queues.purchases.getWaiting(0, -1)).length).toBe(100);
  }, 120_000);

  it('serves Prometheus metrics on WORKER_PORT: the jobs it completed, the queues by state, its database pool', async () => {
    const run = `metrics${Date.now()}`;
    const worker = await startWorker();
    await enqueueBurst(orders(run, 10));
    // Jobs an earlier test left waiting are taken as well: wait for the queue to be drained.
    await eventually(
      async () =>
        (await provisioned(run)).orders === 10 &&
        (await queues.purchases.getWaitingCount()) + (await queues.purchases.getActiveCount()) === 0,
      { timeoutMs: 45_000, what: 'the purchases queue to be drained' },
    );
    const samples = await eventually(
      async () => {
        const now = await scrape(worker.url);
        // The create-account e-mails are sent by their own jobs, after the purchases complete.
        return (valueOf(now, 'queue_jobs_completed_total', { queue: 'purchases' }) ?? 0) >= 10 &&
          (valueOf(now, 'emails_sent_total', { template: 'create-account' }) ?? 0) >= 10
          ? now
          : undefined;
      },
      { what: 'the worker to report the completed purchases and their e-mails' },
    );
    for (const state of ['waiting', 'active', 'failed']) {
      expect(valueOf(samples, 'queue_jobs', { queue: 'purchases', state }), state).toBe(0);
    }
    expect(valueOf(samples, 'db_pool_max_connections')).toBe(8);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    const proxied = await fetch(`${worker.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 60_000);
});
