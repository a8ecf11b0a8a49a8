import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '@sleep-ritual/platform/logger';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { createTestDeps, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { EMAILS_QUEUE, enqueueEmail } from '@sleep-ritual/jobs/emails';
import {
  enqueuePurchase,
  PURCHASES_QUEUE,
  purchaseJobId,
  purchaseJobOnceDone,
  type PurchaseJob,
} from '@sleep-ritual/jobs/purchases';
import { startConsumers } from '../src/consumers.ts';
import { dropOnceDone } from '../src/jobs/start-worker.ts';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

const deps = createTestDeps({ QUEUE_PREFIX: uniqueQueuePrefix('finished-jobs') });
let queues: Awaited<ReturnType<typeof openTestQueues>>;

beforeAll(async () => {
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
});
afterAll(async () => {
  await queues.dispose();
  await deps.close();
});

/** The data of every completed job of both queues, as one text. */
const finishedData = async () =>
  JSON.stringify(
    [...(await queues.purchases.getJobs(['completed'])), ...(await queues.emails.getJobs(['completed']))].map(
      (job) => job.data,
    ),
  );

/** A new buyer's order of `items`. */
const orderOf = (email: string, items: string[]): PurchaseJob => ({
  event: 'order.success',
  orderId: `F${Date.now()}${Math.floor(Math.random() * 1_000)}`,
  invoiceId: null,
  test: false,
  customer: { email, firstName: 'Ann', lastName: 'Lee' },
  items,
  totalCents: 4700,
});

describe('a worker at work', () => {
  it("takes the buyer's address out of a purchase job as it completes, and keeps the rest", async () => {
    const { item } = await createMappedProgram(deps.db);
    const email = uniqueEmail('completing');
    const order = orderOf(email, [item]);
    const consumers = startConsumers(deps);
    try {
      const jobId = await enqueuePurchase(queues.purchases, order);
      const data = await eventually(
        async () => {
          const job = await queues.purchases.getJob(jobId);
          return (await job?.isCompleted()) && job?.data.customer === null ? job.data : undefined;
        },
        { what: 'the completed job without the address' },
      );
      expect(data).toEqual({ ...order, customer: null });
      expect(await deps.db('users').where({ email }).first('id')).toBeDefined();
    } finally {
      await consumers.close();
    }
  });

  it('leaves a job removed before its address was dropped removed, and says nothing of it', async () => {
    const warn = vi.fn();
    const logger = { warn } as unknown as Logger;
    const drop = dropOnceDone(queues.purchases, purchaseJobOnceDone);
    const order = orderOf(uniqueEmail('removed'), ['product-1']);
    // Queued, then removed (its month over) before the worker that completed it dropped the address.
    const jobId = await enqueuePurchase(queues.purchases, order);
    await (await queues.purchases.getJob(jobId))!.remove();
    drop.after({ id: jobId, name: order.event, data: order }, logger);
    await drop.settled();
    expect(warn).not.toHaveBeenCalled();
    // Not brought back as a job holding only the rewritten data.
    expect(await queues.purchases.getJob(jobId)).toBeUndefined();
  });
});

describe('a worker that starts', () => {
  it("takes the buyer's address out of the jobs finished without dropping it, and keeps the rest", async () => {
    const email = uniqueEmail('finished');
    const order: PurchaseJob = {
      event: 'order.success',
      orderId: `F${Date.now()}`,
      invoiceId: null,
      test: false,
      customer: { email, firstName: 'Ann', lastName: 'Lee' },
      items: ['product-1'],
      totalCents: 4700,
    };
    const purchaseId = `order.success-${order.orderId}`;
    await queues.purchases.add(order.event, order, { jobId: purchaseId });
    const noticeId = await enqueueEmail(queues.emails, {
      template: 'unmapped-item',
      orderId: order.orderId,
      items: ['product-987654'],
      buyerEmail: email,
    });
    // An earlier version of the worker (or one stopped before it could drop it): both jobs finished
    // with the address in their data.
    const earlierBackend = createQueueBackend(deps.config, deps.config.queuePrefix, { failFast: false });
    const earlier = [PURCHASES_QUEUE, EMAILS_QUEUE].map((name) =>
      earlierBackend.worker(name, async () => ({ action: 'ignored', reason: 'an earlier worker' })),
    );
    // This test's own jobs: the queues also hold the jobs the tests above completed.
    await eventually(
      async () =>
        (await queues.purchases.getJobState(purchaseId)) === 'completed' &&
        (await queues.emails.getJobState(noticeId)) === 'completed',
      { what: 'the earlier worker to finish both jobs' },
    );
    await Promise.all(earlier.map((worker) => worker.close()));
    await earlierBackend.close();
    expect(await finishedData()).toContain(email);

    const consumers = startConsumers(deps);
    try {
      await consumers.tidied;
      const kept = await finishedData();
      expect(kept).not.toContain(email);
      expect(kept).toContain(order.orderId);
      expect(kept).toContain('product-987654');
    } finally {
      await consumers.close();
    }
  });

  it("takes the address out of the failed jobs of a deleted account's order, which its deletion could not reach, and only those", async () => {
    const deletedBuyer = uniqueEmail('deleted-buyer');
    const otherBuyer = uniqueEmail('waiting-buyer');
    const deletedOrder = orderOf(deletedBuyer, ['product-424242']);
    const otherOrder = orderOf(otherBuyer, ['product-434343']);
    const ids = [purchaseJobId(deletedOrder), purchaseJobId(otherOrder)];
    await queues.purchases.add(deletedOrder.event, deletedOrder, { jobId: ids[0], attempts: 1 });
    await queues.purchases.add(otherOrder.event, otherOrder, { jobId: ids[1], attempts: 1 });
    // Both orders failed (their item had no mapping); then the first buyer deleted the account while
    // the queue store did not answer: its tombstone lists the order, its job still names the buyer.
    const earlierBackend = createQueueBackend(deps.config, deps.config.queuePrefix, { failFast: false });
    const failing = earlierBackend.worker(PURCHASES_QUEUE, async () => {
      throw new Error('No programme is mapped to product-424242');
    });
    await eventually(
      async () =>
        (await Promise.all(ids.map((id) => queues.purchases.getJobState(id)))).every(
          (state) => state === 'failed',
        ),
      { what: 'both orders to fail' },
    );
    await failing.close();
    await earlierBackend.close();
    await deps
      .db('deleted_accounts')
      .insert({ emailHash: 'a keyed hash', thriveOrderIds: [deletedOrder.orderId] });

    const consumers = startConsumers(deps);
    try {
      await consumers.tidied;
      const [deletedJob, otherJob] = await Promise.all(ids.map((id) => queues.purchases.getJob(id)));
      expect(deletedJob?.data).toEqual({ ...deletedOrder, customer: null });
      // Retrying the other order must still provision its buyer.
      expect(otherJob?.data).toEqual(otherOrder);
    } finally {
      await consumers.close();
    }
  });
});
