import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { eventually, testConfig } from '@sleep-ritual/platform/testing';
import {
  createEmailsQueue,
  EMAILS_QUEUE,
  emailJobOnceDone,
  enqueueEmail,
  type EmailsQueue,
} from '../src/emails.ts';
import { rewriteUnfinishedOfOrders } from '../src/producer.ts';
import {
  createPurchasesQueue,
  PURCHASES_QUEUE,
  purchaseJobId,
  purchaseJobOnceDone,
  type PurchaseJob,
  type PurchasesQueue,
} from '../src/purchases.ts';

// A queue under a prefix of this file's own, in the store the test config names (Redis, or PostgreSQL).
const prefix = `unfinished-${randomUUID()}`;
const backend = createQueueBackend(testConfig(), prefix, { failFast: true });
let purchases: PurchasesQueue;
let emails: EmailsQueue;

beforeAll(async () => {
  await backend.ready();
  purchases = createPurchasesQueue(backend);
  emails = createEmailsQueue(backend);
  await Promise.all([purchases.waitUntilReady(), emails.waitUntilReady()]);
});
afterAll(async () => {
  await Promise.all([purchases.close(), emails.close()]);
  await backend.obliterate();
  await backend.close();
});

const order = (orderId: string, email: string): PurchaseJob => ({
  event: 'order.success',
  orderId,
  invoiceId: null,
  test: false,
  customer: { email, firstName: 'Ann', lastName: 'Lee' },
  items: ['product-987654'],
  totalCents: 4700,
});

describe('rewriteUnfinishedOfOrders', () => {
  it("drops the buyer from the orders' failed and retrying jobs, and from no other order's", async () => {
    // A failed order (its item waiting on a mapping), one waiting for its next attempt, and two other
    // orders whose ids only start like the first one's (ThriveCart's ids may hold a dash).
    const [failed, retrying, other, dashed] = [
      order('8801', 'ann@example.com'),
      order('8802', 'ann@example.com'),
      order('88011', 'bo@example.com'),
      order('8801-2', 'cy@example.com'),
    ];
    await purchases.add(failed.event, failed, { jobId: purchaseJobId(failed) });
    // Support's notice of it, which failed to send.
    const noticeId = await enqueueEmail(emails, {
      template: 'unmapped-item',
      orderId: '8801',
      items: failed.items,
      buyerEmail: 'ann@example.com',
    });
    // A worker's connection waits for its store rather than failing fast.
    const workerBackend = createQueueBackend(testConfig(), prefix, { failFast: false });
    const workers = [PURCHASES_QUEUE, EMAILS_QUEUE].map((name) =>
      workerBackend.worker(name, async () => {
        throw new UnrecoverableError('not this time');
      }),
    );
    await eventually(
      async () =>
        (await purchases.getJobState(purchaseJobId(failed))) === 'failed' &&
        (await emails.getJobState(noticeId)) === 'failed',
      { what: 'the order and its notice to fail' },
    );
    await Promise.all(workers.map((worker) => worker.close()));
    await workerBackend.close();
    for (const job of [retrying, other, dashed])
      await purchases.add(job.event, job, { jobId: purchaseJobId(job), delay: 60 * 60_000 });

    expect(await rewriteUnfinishedOfOrders(purchases, ['8801', '8802'], purchaseJobOnceDone)).toBe(2);
    expect(await rewriteUnfinishedOfOrders(emails, ['8801', '8802'], emailJobOnceDone)).toBe(1);

    const dataOf = async (id: string) => (await purchases.getJob(id))?.data;
    expect(await dataOf(purchaseJobId(failed))).toEqual({ ...failed, customer: null });
    expect(await dataOf(purchaseJobId(retrying))).toEqual({ ...retrying, customer: null });
    expect(await dataOf(purchaseJobId(other))).toEqual(other);
    expect(await dataOf(purchaseJobId(dashed))).toEqual(dashed);
    expect((await emails.getJob(noticeId))?.data).toMatchObject({ orderId: '8801', buyerEmail: null });
    // Nothing left to drop: asked again, it rewrites nothing.
    expect(await rewriteUnfinishedOfOrders(purchases, ['8801', '8802'], purchaseJobOnceDone)).toBe(0);
  });
});
