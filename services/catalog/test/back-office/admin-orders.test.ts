import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { enqueuePurchase, type PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { recordIgnoredTestOrder } from '../../src/back-office/data/ignored-test-orders.ts';
import { createMappedProgram } from '@sleep-ritual/worker/testing';
import { backOfficeTestbed, call, sessionDigest } from './admin-members-fixtures.ts';

/** The purchases queue of this file is its own, so the list holds exactly the orders sent here. */
const bed = backOfficeTestbed('orders', { consumers: true });

let orderCounter = 0;
function order(email: string, items: string[], event: PurchaseJob['event'] = 'order.success'): PurchaseJob {
  orderCounter += 1;
  return {
    event,
    orderId: `${Date.now()}${orderCounter}`,
    invoiceId: null,
    test: false,
    customer: { email, firstName: 'Maya', lastName: null },
    items,
    totalCents: 1700,
  };
}

const finished = (jobId: string, state: 'completed' | 'failed') =>
  eventually(async () => (await bed.queues.purchases.getJobState(jobId)) === state, {
    what: `job ${jobId} ${state}`,
  });

describe('GET /api/admin/orders and POST /api/admin/orders/{jobId}/retry', () => {
  it('lists processed orders newest first with what they provisioned or why they failed, and retries a failed one', async () => {
    const before = (await call(bed.admin, 'GET', '/api/admin/orders')).body;
    const mapped = await createMappedProgram(bed.deps.db);
    const buyer = uniqueEmail('orders');
    const good = order(buyer, [mapped.item]);
    const goodId = await enqueuePurchase(bed.queues.purchases, good);
    await finished(goodId, 'completed');
    const unmappedItem = `bump-${randomInt(100_000_000, 2_000_000_000)}`;
    const bad = order(buyer, [unmappedItem]);
    const badId = await enqueuePurchase(bed.queues.purchases, bad);
    await finished(badId, 'failed');

    const both = await call(bed.admin, 'GET', '/api/admin/orders');
    expect(both.status).toBe(200);
    const buyerId = (await bed.deps.db('users').where({ email: buyer }).first('id')).id;
    expect({ ...both.body, items: both.body.items.slice(0, 2) }).toEqual({
      items: [
        {
          jobId: badId,
          status: 'failed',
          event: 'order.success',
          orderId: bad.orderId,
          email: buyer,
          products: [unmappedItem],
          test: false,
          receivedAt: expect.any(String),
          processedAt: expect.any(String),
          attempts: 1,
          result: null,
          error: `No programme is mapped to ${unmappedItem} (order ${bad.orderId})`,
        },
        {
          jobId: goodId,
          status: 'completed',
          event: 'order.success',
          orderId: good.orderId,
          email: buyer,
          products: [mapped.item],
          test: false,
          receivedAt: expect.any(String),
          processedAt: expect.any(String),
          attempts: 1,
          result: { action: 'provisioned', userId: buyerId, programIds: [mapped.programId], newPurchases: 1 },
          error: null,
        },
      ],
      total: before.total + 2,
      page: 1,
      pageSize: 20,
      counts: { ...before.counts, completed: before.counts.completed + 1, failed: before.counts.failed + 1 },
    });
    const jobIds = async (query: string) =>
      (await call(bed.admin, 'GET', `/api/admin/orders?${query}`)).body.items.map(
        (item: { jobId: string }) => item.jobId,
      );
    expect(await jobIds('status=failed&pageSize=1')).toEqual([badId]);
    expect(await jobIds('status=completed&pageSize=1')).toEqual([goodId]);
    expect(await jobIds('pageSize=1&page=2')).toEqual([goodId]);

    // The admin adds the missing mapping, then retries: the order now provisions.
    await bed.deps
      .db('product_program_map')
      .insert({ externalProductId: unmappedItem, programId: mapped.programId });
    const retried = await call(bed.admin, 'POST', `/api/admin/orders/${badId}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ jobId: badId, orderId: bad.orderId, error: null });
    expect(['waiting', 'active', 'completed']).toContain(retried.body.status);
    await finished(badId, 'completed');
    const purchases = await bed.deps.db('purchases').where({ thriveOrderId: bad.orderId });
    expect(purchases).toEqual([
      expect.objectContaining({ userId: buyerId, programId: mapped.programId, status: 'completed' }),
    ]);

    const audit = await bed.deps
      .db('admin_audit_log')
      .where({ action: 'retry-order' })
      .whereRaw(`details->>'jobId' = ?`, [badId]);
    expect(audit).toEqual([
      expect.objectContaining({
        memberId: buyerId,
        details: {
          jobId: badId,
          orderId: bad.orderId,
          event: 'order.success',
          error: expect.stringMatching(/^No programme is mapped/),
        },
        adminSessionId: sessionDigest(bed.admin.sessionId),
      }),
    ]);
  });

  it('GET /api/admin/orders/attention lists orders waiting on a mapping until they are provisioned, and ignored test orders', async () => {
    const mapped = await createMappedProgram(bed.deps.db);
    const unmappedItem = `upsell-${randomInt(100_000_000, 2_000_000_000)}`;
    const buyer = uniqueEmail('waiting');
    const waiting = order(buyer, [mapped.item, unmappedItem]);
    const jobId = await enqueuePurchase(bed.queues.purchases, waiting);
    await finished(jobId, 'failed');
    const attentionFor = async () => {
      const answer = await call(bed.admin, 'GET', '/api/admin/orders/attention');
      expect(answer.status).toBe(200);
      return answer.body.awaitingMapping.find(
        (entry: { orderId: string }) => entry.orderId === waiting.orderId,
      );
    };
    expect(await attentionFor()).toEqual({
      orderId: waiting.orderId,
      email: buyer,
      items: [{ item: unmappedItem, mapped: false }],
      since: expect.any(String),
    });

    // Mapped to a programme deleted since: the worker would still provision nothing from it.
    const [deleted] = await bed.deps
      .db('programs')
      .insert({ title: 'Deleted Ritual', deletedAt: new Date() })
      .returning('id');
    await bed.deps
      .db('product_program_map')
      .insert({ externalProductId: unmappedItem, programId: deleted.id });
    expect((await attentionFor()).items).toEqual([{ item: unmappedItem, mapped: false }]);

    await bed.deps
      .db('product_program_map')
      .where({ externalProductId: unmappedItem })
      .update({ programId: mapped.programId });
    expect((await attentionFor()).items).toEqual([{ item: unmappedItem, mapped: true }]);
    await call(bed.admin, 'POST', `/api/admin/orders/${jobId}/retry`);
    await finished(jobId, 'completed');
    expect(await attentionFor()).toBeUndefined();

    const testOrder = {
      orderId: `T${Date.now()}`,
      email: buyer,
      event: 'order.success',
      receivedAt: new Date().toISOString(),
    };
    await recordIgnoredTestOrder(bed.deps.db, bed.deps.config.queuePrefix, testOrder);
    const { body } = await call(bed.admin, 'GET', '/api/admin/orders/attention');
    expect(body.ignoredTestOrders[0]).toEqual(testOrder);
  });

  it("names what a refund takes back: the item refunded, not the order's first", async () => {
    const main = await createMappedProgram(bed.deps.db);
    const bump = await createMappedProgram(bed.deps.db, { kind: 'bump' });
    const bought = order(uniqueEmail('refunds'), [main.item, bump.item]);
    await finished(await enqueuePurchase(bed.queues.purchases, bought), 'completed');
    const refunds: PurchaseJob[] = [
      { ...bought, event: 'order.refund', refund: { scope: 'item', item: bump.item } },
      { ...bought, event: 'order.refund', refund: { scope: 'order' } },
    ];
    const listed = [];
    for (const refund of refunds) {
      const jobId = await enqueuePurchase(bed.queues.purchases, refund);
      await finished(jobId, 'completed');
      listed.push((await call(bed.admin, 'GET', '/api/admin/orders')).body.items[0]);
    }
    expect(listed.map((row: { products: string[] }) => row.products)).toEqual([
      [bump.item],
      [main.item, bump.item],
    ]);
  });

  it('answers 409 to a retry of an order that did not fail, and 404 to an unknown one, recording nothing', async () => {
    const mapped = await createMappedProgram(bed.deps.db);
    const jobId = await enqueuePurchase(bed.queues.purchases, order(uniqueEmail('orders'), [mapped.item]));
    await finished(jobId, 'completed');
    expect(await call(bed.admin, 'POST', `/api/admin/orders/${jobId}/retry`)).toMatchObject({
      status: 409,
      body: { error: 'Only a failed order can be retried.' },
    });
    expect(
      await call(bed.admin, 'POST', '/api/admin/orders/order.success-0-000000000000/retry'),
    ).toMatchObject({
      status: 404,
      body: { error: 'Order not found' },
    });
    expect(await bed.deps.db('admin_audit_log').whereRaw(`details->>'jobId' = ?`, [jobId])).toEqual([]);
  });

  it.each([
    ['GET', '/api/admin/orders?status=refunded', 'The status must be completed or failed.'],
    ['GET', '/api/admin/orders?page=0', 'The page must be a whole number from 1.'],
    ['GET', '/api/admin/orders?pageSize=500', 'The page size must be a whole number from 1 to 100.'],
    ['POST', `/api/admin/orders/${encodeURIComponent('bad id!')}/retry`, 'The order job id is not valid.'],
    ['POST', `/api/admin/orders/${'x'.repeat(201)}/retry`, 'The order job id is not valid.'],
  ])('%s %s answers 400', async (method, path, message) => {
    const { status, body } = await call(bed.admin, method, path);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });
});
