import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCreateAccountToken } from '@sleep-ritual/auth/tokens/account-links';
import { createTestDeps, eventually, listen, uniqueEmail } from '@sleep-ritual/platform/testing';
import { startConsumers } from '@sleep-ritual/worker/consumers';
import { linkIn, mailsTo, waitForMailTo } from '@sleep-ritual/worker/outbox';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { createApp } from '../src/app.ts';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { postForm, postJson, uniqueOrderId } from './helpers.ts';

/** From the checkout's POST to access and the create-account e-mail: receiver and worker together. */

const deps = createTestDeps({
  QUEUE_PREFIX: uniqueQueuePrefix('flow'),
  OUTBOX_DIR: path.join(tmpdir(), `flow-outbox-${randomUUID()}`),
});
const secret = deps.config.thrivecartSecret;
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let consumers: ReturnType<typeof startConsumers>;
let server: Awaited<ReturnType<typeof listen>>;
let ritual: { programId: number; item: string };
let addOn: { programId: number; item: string };
let upsell: { programId: number; item: string };

beforeAll(async () => {
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  consumers = startConsumers(deps);
  server = await listen(createApp({ ...deps, purchasesQueue: queues.purchases }));
  ritual = await createMappedProgram(deps.db, { title: 'The 6-Night Sleep Meditation Ritual' });
  addOn = await createMappedProgram(deps.db, { kind: 'bump' });
  upsell = await createMappedProgram(deps.db, { kind: 'upsell' });
});
afterAll(async () => {
  await server.close();
  await consumers.close();
  await queues.dispose();
  await rm(deps.config.outboxDir, { recursive: true, force: true });
  await deps.close();
});

/** The programmes the buyer of this e-mail may open: completed purchases, as the catalogue reads them. */
async function accessOf(email: string): Promise<number[]> {
  const rows = await deps
    .db('purchases')
    .join('users', 'users.id', 'purchases.userId')
    .whereRaw('lower(users.email) = lower(?)', [email])
    .andWhere('purchases.status', 'completed')
    .orderBy('purchases.programId')
    .select('purchases.programId');
  return rows.map((row) => row.programId);
}

const waitForAccess = (email: string, count: number) =>
  eventually(
    async () => {
      const programs = await accessOf(email);
      return programs.length === count ? programs : undefined;
    },
    { what: `access for ${email}` },
  );

describe('a purchase on the checkout', () => {
  it('sent form-encoded, provisions access to every programme of the order', async () => {
    const email = uniqueEmail('form');
    const response = await postForm(
      server.url,
      formBody(
        thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email, items: [ritual.item, addOn.item] }),
      ),
    );
    expect(response.status).toBe(200);
    expect(await waitForAccess(email, 2)).toEqual([ritual.programId, addOn.programId].sort((a, b) => a - b));
  });

  it('sent as JSON, provisions access', async () => {
    const email = uniqueEmail('json');
    const response = await postJson(server.url, {
      thrivecart_secret: secret,
      event: 'order.success',
      order_id: uniqueOrderId(),
      customer: { email, firstname: 'Jo', lastname: 'Park' },
      products: [{ id: ritual.item, name: 'The 6-Night Sleep Meditation Ritual', price: 4700, quantity: 1 }],
    });
    expect(response.status).toBe(200);
    expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
    expect(await deps.db('users').where({ email }).first('firstName', 'lastName', 'password')).toEqual({
      firstName: 'Jo',
      lastName: 'Park',
      password: null,
    });
  });

  it('delivered five times, yields one purchase and one create-account e-mail', async () => {
    const email = uniqueEmail('five');
    const orderId = uniqueOrderId();
    const body = formBody(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item] }));
    for (let delivery = 0; delivery < 5; delivery += 1)
      expect((await postForm(server.url, body)).status).toBe(200);

    await waitForAccess(email, 1);
    await waitForMailTo(deps.config.outboxDir, email);
    // A second purchase or e-mail could only come from a job still to run: wait until none is left.
    await eventually(queues.idle, { what: 'the worker to finish every job' });
    expect(await deps.db('purchases').where({ thriveOrderId: orderId }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
    expect(await mailsTo(deps.config.outboxDir, email)).toHaveLength(1);
  });

  it('then refunded, loses access', async () => {
    const email = uniqueEmail('refund');
    const orderId = uniqueOrderId();
    await postForm(
      server.url,
      formBody(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item, addOn.item] })),
    );
    await waitForAccess(email, 2);

    const refund = await postForm(
      server.url,
      formBody(
        thrivecartOrderFields({
          secret,
          orderId,
          email,
          event: 'order.refund',
          items: [ritual.item, addOn.item],
        }),
      ),
    );
    expect(refund.status).toBe(200);
    await waitForAccess(email, 0);
    expect(await deps.db('purchases').where({ thriveOrderId: orderId }).pluck('status')).toEqual([
      'refunded',
      'refunded',
    ]);
  });

  it('refunded one item at a time, loses only what was refunded; a full refund then revokes the order', async () => {
    const email = uniqueEmail('item-refund');
    const orderId = uniqueOrderId();
    const items = [ritual.item, addOn.item, upsell.item];
    await postForm(server.url, formBody(thrivecartOrderFields({ secret, orderId, email, items })));
    await waitForAccess(email, 3);

    const bumpRefund = thrivecartOrderFields({
      secret,
      orderId,
      email,
      items,
      event: 'order.refund',
      refundItem: addOn.item,
    });
    expect(bumpRefund).toMatchObject({ 'refund[type]': 'bump', 'order[charges][1][item_type]': 'bump' });
    expect((await postForm(server.url, formBody(bumpRefund))).status).toBe(200);
    expect(await waitForAccess(email, 2)).toEqual([ritual.programId, upsell.programId].sort((a, b) => a - b));

    const fullRefund = thrivecartOrderFields({ secret, orderId, email, items, event: 'order.refund' });
    expect((await postForm(server.url, formBody(fullRefund))).status).toBe(200);
    await waitForAccess(email, 0);
    expect(await deps.db('purchases').where({ thriveOrderId: orderId }).pluck('status')).toEqual([
      'refunded',
      'refunded',
      'refunded',
    ]);
  });

  it('refunding an upsell that cost more than the checkout takes the upsell only', async () => {
    const email = uniqueEmail('upsell-refund');
    const orderId = uniqueOrderId();
    await postForm(
      server.url,
      formBody(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item] })),
    );
    await waitForAccess(email, 1);
    const accepted = thrivecartOrderFields({
      secret,
      orderId,
      email,
      items: [upsell.item],
      event: 'upsell.accepted',
    });
    expect((await postForm(server.url, formBody(accepted))).status).toBe(200);
    await waitForAccess(email, 2);

    // The refund's order is the checkout's ($47); the upsell refunded cost $349.
    const refund = thrivecartOrderFields({
      secret,
      orderId,
      email,
      items: [ritual.item],
      event: 'order.refund',
      refundItem: upsell.item,
    });
    expect(Number(refund['refund[amount]'])).toBeGreaterThan(Number(refund['order[total]']));
    expect((await postForm(server.url, formBody(refund))).status).toBe(200);
    expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
  });

  /** An order of the ritual and the upsell, provisioned; and its upsell's refund form, as ThriveCart posts it. */
  async function upsellOrder(name: string) {
    const email = uniqueEmail(name);
    const orderId = uniqueOrderId();
    const items = [ritual.item, upsell.item];
    await postForm(server.url, formBody(thrivecartOrderFields({ secret, orderId, email, items })));
    await waitForAccess(email, 2);
    const upsellRefund = thrivecartOrderFields({
      secret,
      orderId,
      email,
      items,
      event: 'order.refund',
      refundItem: upsell.item,
    });
    return { email, orderId, items, upsellRefund };
  }

  it('refunding an item found by its charge reference alone takes that item only', async () => {
    const { email, upsellRefund } = await upsellOrder('reference-refund');
    delete upsellRefund['refund[id]'];
    expect((await postForm(server.url, formBody(upsellRefund))).status).toBe(200);
    expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
  });

  it("refunding an upsell named by neither id nor charge takes the order's one upsell, not the order; a full refund then takes the rest", async () => {
    const { email, orderId, items, upsellRefund } = await upsellOrder('kind-refund');
    delete upsellRefund['refund[id]'];
    delete upsellRefund['refund[reference]'];
    expect((await postForm(server.url, formBody(upsellRefund))).status).toBe(200);
    expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);

    // A job of its own, not taken for a redelivery of the refund before it.
    const fullRefund = thrivecartOrderFields({ secret, orderId, email, items, event: 'order.refund' });
    expect((await postForm(server.url, formBody(fullRefund))).status).toBe(200);
    await waitForAccess(email, 0);
  });

  it("with an address a browser's e-mail field takes but a stricter rule would not, provisions the order", async () => {
    for (const email of [
      `o'neil&co+${uniqueOrderId()}@example.com`,
      `a=b~c#${uniqueOrderId()}@site.xn--p1ai`,
    ]) {
      const fields = thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email, items: [ritual.item] });
      expect((await postForm(server.url, formBody(fields))).status).toBe(200);
      expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
    }
  });

  it('with a NUL in the name the buyer typed, still provisions the order', async () => {
    const email = uniqueEmail('nul');
    const fields = thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email, items: [ritual.item] });
    fields['customer[first_name]'] = 'Jo\u0000y';
    fields['customer[name]'] = 'Jo\u0000y Buyer';
    fields['order[charges][0][name]'] = 'Ritual\u0000';
    expect((await postForm(server.url, formBody(fields))).status).toBe(200);
    expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
    expect(await deps.db('users').whereRaw('lower(email) = lower(?)', [email]).first('firstName')).toEqual({
      firstName: 'Joy',
    });
  });

  it('with an entry of no known kind in the purchase map, provisions the rest and keeps the order visible', async () => {
    const email = uniqueEmail('unknown-kind');
    const orderId = uniqueOrderId();
    const fields = thrivecartOrderFields({ secret, orderId, email, items: [ritual.item, addOn.item] });
    fields['accessible_purchase_map[2]'] = 'gift-card-3';
    const { jobId } = await (await postForm(server.url, formBody(fields))).json();
    expect(await waitForAccess(email, 2)).toEqual([ritual.programId, addOn.programId].sort((a, b) => a - b));
    const failed = await eventually(
      async () => {
        // The job as stored once it failed (read before, it may lack the reason it failed with).
        const state = await queues.purchases.getJobState(jobId);
        return state === 'failed' ? queues.purchases.getJob(jobId) : undefined;
      },
      { what: 'the job to be kept as failed' },
    );
    expect(failed.failedReason).toContain('"gift-card-3"');
  });

  it('redelivered after its job failed, is processed again: once the mapping exists, it provisions', async () => {
    const email = uniqueEmail('redelivered');
    const orderId = uniqueOrderId();
    const item = `upsell-${Math.floor(Math.random() * 1e9) + 1}`;
    const body = formBody(thrivecartOrderFields({ secret, orderId, email, items: [item] }));
    const { jobId } = await (await postForm(server.url, body)).json();
    await eventually(async () => (await queues.purchases.getJobState(jobId)) === 'failed', {
      what: 'the order to fail for lack of a mapping',
    });

    await deps.db('product_program_map').insert({ externalProductId: item, programId: addOn.programId });
    const again = await postForm(server.url, body);
    expect(again.status).toBe(200);
    expect((await again.json()).jobId).toBe(jobId);
    expect(await waitForAccess(email, 1)).toEqual([addOn.programId]);
    // Access shows once the purchase commits; the job completes after it queues the e-mail.
    await eventually(async () => (await queues.purchases.getJobState(jobId)) === 'completed', {
      what: 'the job run again to complete',
    });
  });

  it('in a burst that holds the redelivery of a failed order, answers each order with its own job and runs the failed one again', async () => {
    const item = `upsell-${Math.floor(Math.random() * 1e9) + 1}`;
    const failedOrder = formBody(
      thrivecartOrderFields({
        secret,
        orderId: uniqueOrderId(),
        email: uniqueEmail('burst-failed'),
        items: [item],
      }),
    );
    const { jobId: failedJobId } = await (await postForm(server.url, failedOrder)).json();
    await eventually(async () => (await queues.purchases.getJobState(failedJobId)) === 'failed', {
      what: 'the order to fail for lack of a mapping',
    });
    await deps.db('product_program_map').insert({ externalProductId: item, programId: upsell.programId });

    // Sent at once, the orders go to the queue together, the redelivery among them.
    const buyers = Array.from({ length: 12 }, () => ({
      email: uniqueEmail('burst'),
      orderId: uniqueOrderId(),
    }));
    const answers = await Promise.all([
      ...buyers.map(({ email, orderId }) =>
        postForm(
          server.url,
          formBody(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item] })),
        ),
      ),
      postForm(server.url, failedOrder),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const jobIds = (await Promise.all(answers.map((answer) => answer.json()))).map((ack) => ack.jobId);
    expect(jobIds.at(-1)).toBe(failedJobId);
    expect(new Set(jobIds).size).toBe(buyers.length + 1);

    for (const { email } of buyers) expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
    await eventually(async () => (await queues.purchases.getJobState(failedJobId)) === 'completed', {
      what: 'the redelivered order to be processed again',
    });
    const orders = buyers.map(({ orderId }) => orderId);
    expect(await deps.db('purchases').whereIn('thriveOrderId', orders).count({ n: '*' })).toEqual([
      { n: String(buyers.length) },
    ]);
  });

  it('redelivered after its job was removed, is queued and processed again, still once', async () => {
    const email = uniqueEmail('removed');
    const orderId = uniqueOrderId();
    const body = formBody(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item] }));
    const { jobId } = await (await postForm(server.url, body)).json();
    await waitForAccess(email, 1);
    await eventually(async () => (await queues.purchases.getJobState(jobId)) === 'completed', {
      what: 'the job to complete',
    });
    await queues.purchases.remove(jobId);

    expect((await postForm(server.url, body)).status).toBe(200);
    await eventually(async () => (await queues.purchases.getJobState(jobId)) === 'completed', {
      what: 'the redelivered job to complete',
    });
    expect(await deps.db('purchases').where({ thriveOrderId: orderId }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);
  });

  it('sends the create-account e-mail to the outbox with a link that opens account creation for the order', async () => {
    const email = uniqueEmail('link');
    const orderId = uniqueOrderId();
    await postForm(
      server.url,
      formBody(thrivecartOrderFields({ secret, orderId, email, firstName: 'Maya', items: [ritual.item] })),
    );

    const mail = await waitForMailTo(deps.config.outboxDir, email);
    expect(mail.subject).toBe('Your Sleep Ritual is ready: create your account');
    expect(mail.text).toContain('Hi Maya,');
    expect(mail.text).toContain(deps.config.supportEmail);
    expect(mail.html).toContain('Create My Account');
    const link = linkIn(mail, '/create-account')!;
    expect(`${link.origin}${link.pathname}`).toBe(`${deps.config.publicAppUrl}/create-account`);
    expect(link.searchParams.get('order_id')).toBe(orderId);
    expect(verifyCreateAccountToken(deps.config, orderId, email, link.searchParams.get('token')!)).toBe(true);
  });

  it('processes a test-mode order like a live one', async () => {
    const email = uniqueEmail('test-mode');
    await postForm(
      server.url,
      formBody(
        thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email, test: true, items: [ritual.item] }),
      ),
    );
    expect(await waitForAccess(email, 1)).toEqual([ritual.programId]);
  });

  it('with an item no programme is mapped to, keeps the job as failed with the reason and grants nothing', async () => {
    const email = uniqueEmail('unmapped');
    const orderId = uniqueOrderId();
    const response = await postForm(
      server.url,
      formBody(thrivecartOrderFields({ secret, orderId, email, items: ['product-1999999999'] })),
    );
    const { jobId } = await response.json();

    const failed = await eventually(
      async () => {
        // The job as stored once it failed (read before, it may lack the reason it failed with).
        const state = await queues.purchases.getJobState(jobId);
        return state === 'failed' ? queues.purchases.getJob(jobId) : undefined;
      },
      { what: 'the job to fail' },
    );
    expect(failed.failedReason).toBe(`No programme is mapped to product-1999999999 (order ${orderId})`);
    expect(failed.attemptsMade).toBe(1);
    expect(await accessOf(email)).toEqual([]);

    // Support hears of it: which order, which item, and what to do.
    const support = deps.config.supportEmail;
    const mail = await eventually(
      async () => (await mailsTo(deps.config.outboxDir, support)).find((m) => m.subject.includes(orderId)),
      { what: 'the e-mail to support' },
    );
    expect(mail.subject).toBe(`Order ${orderId} waits on a product mapping: product-1999999999`);
    expect(mail.text).toContain(`(buyer ${email})`);
    expect(mail.text).toContain('map product-1999999999 to the programme');
    expect(mail.text).toContain(`press Retry on order ${orderId}`);
    expect(linkIn(mail, '/admin/products')?.toString()).toBe(`${deps.config.publicAppUrl}/admin/products`);
  });
});
