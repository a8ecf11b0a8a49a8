import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import { createApp as createCatalogApp } from '@sleep-ritual/catalog/app';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import {
  clientWithSession,
  createClient,
  createTestDeps,
  eventually,
  listen,
  ownTestDatabase,
  uniqueEmail,
} from '@sleep-ritual/platform/testing';
import { startConsumers } from '@sleep-ritual/worker/consumers';
import { mailsTo, waitForMailTo } from '@sleep-ritual/worker/outbox';
import {
  createReconcileQueue,
  requestReconciliation,
  type ReconcileQueue,
} from '@sleep-ritual/jobs/reconcile';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { orderForgetter } from '@sleep-ritual/jobs/forget-orders';
import type { ReconciliationFindings } from '@sleep-ritual/contracts/admin-members';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { startFakeThrivecartApi } from '@sleep-ritual/thrivecart/testing-api';
import { createApp } from '../src/app.ts';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { postForm, uniqueOrderId } from './helpers.ts';

/**
 * A member who deleted their account stays deleted: the checkout redelivering their old order, and a
 * reconciliation with ThriveCart's API finding it, recreate no one and mail no one. The whole way
 * through: the receiver, the real queue, the worker, the auth service's deletion and the fake API.
 */

const API_KEY = 'deleted-account-api-key';
const fake = await startFakeThrivecartApi(API_KEY);
// A database of its own: reconciliation keeps one state row, which the worker's reconciliation suite
// must not see moved meanwhile.
const deps = createTestDeps({
  DATABASE_URL: await ownTestDatabase('deleted_account'),
  QUEUE_PREFIX: uniqueQueuePrefix('deleted'),
  OUTBOX_DIR: path.join(tmpdir(), `deleted-outbox-${randomUUID()}`),
  THRIVECART_API_KEY: API_KEY,
  THRIVECART_API_URL: fake.url,
});
const secret = deps.config.thrivecartSecret;
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let reconcileQueue: ReconcileQueue;
let consumers: ReturnType<typeof startConsumers>;
let webhooks: Awaited<ReturnType<typeof listen>>;
let auth: Awaited<ReturnType<typeof listen>>;
let catalog: Awaited<ReturnType<typeof listen>>;
let ritual: { programId: number; item: string };

beforeAll(async () => {
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  reconcileQueue = createReconcileQueue(queues.backend);
  consumers = startConsumers(deps, { reconcileRate: { requests: 10, perMs: 100 } });
  await consumers.scheduled;
  // The run the schedule starts at once must be over before a test asks for its own.
  await eventually(
    async () =>
      (await reconcileQueue.getJobs(['completed', 'failed'])).some((job) => job.data.reason === 'schedule'),
    { timeoutMs: 20_000, what: 'the scheduled reconciliation at start-up' },
  );
  webhooks = await listen(createApp({ ...deps, purchasesQueue: queues.purchases }));
  auth = await listen(
    createAuthApp({
      ...deps,
      sendEmail: async (email) => {
        await enqueueEmail(queues.emails, email);
      },
      forgetOrders: orderForgetter(queues),
    }),
  );
  catalog = await listen(
    createCatalogApp({ ...deps, queues: { purchases: queues.purchases, emails: queues.emails } }),
  );
  ritual = await createMappedProgram(deps.db, { title: 'The 6-Night Sleep Meditation Ritual' });
});
afterAll(async () => {
  await catalog.close();
  await auth.close();
  await webhooks.close();
  await consumers.close();
  await reconcileQueue.obliterate({ force: true });
  await reconcileQueue.close();
  await queues.dispose();
  await fake.close();
  await rm(deps.config.outboxDir, { recursive: true, force: true });
  await deps.close();
});

const userOf = (email: string) => deps.db('users').whereRaw('lower(email) = lower(?)', [email]).first('id');

/** What the queues remember of finished jobs goes, as it does once their retention runs out. */
async function forgetFinishedJobs() {
  for (const queue of [queues.purchases, queues.emails]) {
    await queue.clean(0, 10_000, 'completed');
    await queue.clean(0, 10_000, 'failed');
  }
}

async function buyAndSignUp(email: string, orderId: string) {
  const order = formBody(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item] }));
  expect((await postForm(webhooks.url, order)).status).toBe(200);
  await waitForMailTo(deps.config.outboxDir, email);
  const user = await eventually(() => userOf(email), { what: 'the buyer to be provisioned' });
  await deps
    .db('users')
    .where({ id: user.id })
    .update({ password: await hashPassword('night night 123'), emailVerified: true });
  return { order, userId: user.id as number };
}

/**
 * ThriveCart's API lists a charge of the order's item (an hour ahead of now, so past the checkpoint of
 * any earlier run); a reconciliation run reads it. Resolves to the run's findings.
 */
async function reconcileCharge(charge: {
  orderId: string;
  item: string;
  email: string;
}): Promise<ReconciliationFindings> {
  const [itemType, itemId] = charge.item.split('-');
  fake.transactions.push({
    mode: 'live',
    event_id: randomUUID(),
    timestamp: Math.floor(Date.now() / 1000) + 3600,
    transaction_type: 'charge',
    item_type: itemType!,
    item_id: Number(itemId),
    amount: 4700,
    order_id: charge.orderId,
    invoice_id: '000000001',
    customer: { name: 'Maya Lind', email: charge.email },
  });
  const runId = await requestReconciliation(reconcileQueue);
  const run = await eventually(
    async () =>
      (await reconcileQueue.getJobState(runId)) === 'completed' ? reconcileQueue.getJob(runId) : undefined,
    { timeoutMs: 20_000, what: 'the reconciliation run' },
  );
  expect(run!.returnvalue.transactionsSeen).toBeGreaterThanOrEqual(1);
  return run!.returnvalue;
}

describe('an order of a deleted account', () => {
  it('redelivered, or found by reconciliation, creates no user and sends no e-mail; a new order does', async () => {
    const email = uniqueEmail('deleted');
    const orderId = uniqueOrderId();
    const { order } = await buyAndSignUp(email, orderId);

    const member = createClient(auth.url);
    const signIn = await member.request('/api/login', {
      method: 'POST',
      json: { email, password: 'night night 123' },
    });
    expect(signIn.status).toBe(200);
    expect(
      (await member.request('/api/account', { method: 'DELETE', json: { password: 'night night 123' } }))
        .status,
    ).toBe(204);
    expect(await userOf(email)).toBeUndefined();
    await eventually(queues.idle, { what: 'the worker to finish every job' });
    await forgetFinishedJobs();
    const mailsBefore = (await mailsTo(deps.config.outboxDir, email)).length;

    // The checkout redelivers the old order: a job of its own again, which provisions nothing.
    expect((await postForm(webhooks.url, order)).status).toBe(200);
    await eventually(queues.idle, { what: 'the redelivered order to be processed' });
    const processed = await queues.purchases.getJobs(['completed']);
    expect(processed.map((job) => [job.data.orderId, job.returnvalue])).toContainEqual([
      orderId,
      { action: 'ignored', reason: 'the order belongs to a deleted account' },
    ]);
    expect(await userOf(email)).toBeUndefined();

    // Reconciliation finds the same order among ThriveCart's transactions.
    await reconcileCharge({ orderId, item: ritual.item, email });
    await eventually(queues.idle, { what: 'whatever the run queued to be processed' });
    expect(await userOf(email)).toBeUndefined();
    expect(await mailsTo(deps.config.outboxDir, email)).toHaveLength(mailsBefore);

    // A new order from the same address is a new customer.
    const newOrder = formBody(
      thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email, items: [ritual.item] }),
    );
    expect((await postForm(webhooks.url, newOrder)).status).toBe(200);
    await eventually(async () => (await mailsTo(deps.config.outboxDir, email)).length > mailsBefore, {
      what: 'the create-account e-mail of the new order',
    });
    expect(await userOf(email)).toBeDefined();
  });

  it("keeps the buyer's address in no finished job: the Orders screen names the order's member, until the deletion", async () => {
    const email = uniqueEmail('kept-nowhere');
    const orderId = uniqueOrderId();
    await buyAndSignUp(email, orderId);
    // An order of an item nobody mapped yet: support is told, with the buyer's address.
    const waiting = uniqueOrderId();
    const unmapped = formBody(
      thrivecartOrderFields({ secret, orderId: waiting, email, items: ['product-987654'] }),
    );
    expect((await postForm(webhooks.url, unmapped)).status).toBe(200);
    await waitForMailTo(deps.config.outboxDir, deps.config.supportEmail);
    await eventually(queues.idle, { what: 'the worker to finish every job' });

    const finished = async () => [
      ...(await queues.purchases.getJobs(['completed'])).filter((job) => job.data.orderId === orderId),
      ...(await queues.emails.getJobs(['completed'])).filter(
        (job) => job.data.template === 'unmapped-item' && job.data.orderId === waiting,
      ),
    ];
    expect((await finished()).map((job) => job.name).sort()).toEqual(['order.success', 'unmapped-item']);
    await eventually(
      async () => (await finished()).every((job) => !JSON.stringify(job.data).includes(email)),
      { what: 'the finished jobs to drop the address' },
    );
    // The order waiting on a mapping keeps it: retrying it must provision the buyer.
    const failed = (await queues.purchases.getJobs(['failed'])).find((job) => job.data.orderId === waiting);
    expect(failed?.data.customer?.email).toBe(email);

    const admin = await clientWithSession(catalog.url, deps, { isAdmin: true });
    const orders = async () => {
      const response = await admin.request('/api/admin/orders?pageSize=100');
      expect(response.status).toBe(200);
      return (await response.json()).items as { orderId: string; email: string | null }[];
    };
    expect((await orders()).find((order) => order.orderId === orderId)?.email).toBe(email);
    const awaitingMapping = async () => {
      const response = await admin.request('/api/admin/orders/attention');
      expect(response.status).toBe(200);
      return ((await response.json()).awaitingMapping as { orderId: string }[]).map((order) => order.orderId);
    };
    expect(await awaitingMapping()).toContain(waiting);

    const member = createClient(auth.url);
    await member.request('/api/login', { method: 'POST', json: { email, password: 'night night 123' } });
    expect(
      (await member.request('/api/account', { method: 'DELETE', json: { password: 'night night 123' } }))
        .status,
    ).toBe(204);
    expect((await orders()).find((order) => order.orderId === orderId)?.email).toBeNull();

    // The order still waiting on a mapping was theirs too: it waits no more, its failed job no longer
    // holds the address, and retrying it from the Orders screen provisions no one and mails no one.
    expect(await awaitingMapping()).not.toContain(waiting);
    const waitingJob = await queues.purchases.getJob(failed!.id!);
    expect(waitingJob?.data.orderId).toBe(waiting);
    expect(JSON.stringify(waitingJob?.data)).not.toContain(email);
    const mailsBefore = (await mailsTo(deps.config.outboxDir, email)).length;
    expect((await admin.request(`/api/admin/orders/${failed!.id}/retry`, { method: 'POST' })).status).toBe(
      200,
    );
    const retried = await eventually(
      // The state first: a job read before it completed has no outcome yet.
      async () =>
        (await queues.purchases.getJobState(failed!.id!)) === 'completed'
          ? queues.purchases.getJob(failed!.id!)
          : undefined,
      { what: 'the retried order to be processed' },
    );
    expect(retried?.returnvalue).toMatchObject({ action: 'ignored' });
    await eventually(queues.idle, { what: 'whatever the retry queued to be sent' });
    expect(await userOf(email)).toBeUndefined();
    expect(await mailsTo(deps.config.outboxDir, email)).toHaveLength(mailsBefore);

    // Reconciliation finding its charge queues nothing that would hold the address again.
    const findings = await reconcileCharge({ orderId: waiting, item: 'product-987654', email });
    expect(findings.chargesQueued.map((charge) => charge.orderId)).not.toContain(waiting);
  });

  it("leaves the admin's member search, orders, exports and audit log without the address, and no member page", async () => {
    const email = uniqueEmail('forgotten');
    const orderId = uniqueOrderId();
    const { userId } = await buyAndSignUp(email, orderId);
    const admin = await clientWithSession(catalog.url, deps, { isAdmin: true });
    const read = async (path: string) => {
      const response = await admin.request(path);
      expect(response.status, path).toBe(200);
      return response.text();
    };
    const views = [
      `/api/admin/members?q=${encodeURIComponent(email)}`,
      '/api/admin/orders',
      `/api/admin/members/${userId}`,
      '/api/admin/exports/members.csv',
    ];
    // Before: every view shows the address (so the checks below can fail).
    for (const path of views) expect(await read(path), path).toContain(email);

    const member = createClient(auth.url);
    await member.request('/api/login', { method: 'POST', json: { email, password: 'night night 123' } });
    const deleted = await member.request('/api/account', {
      method: 'DELETE',
      json: { password: 'night night 123' },
    });
    expect(deleted.status).toBe(204);

    const memberPage = `/api/admin/members/${userId}`;
    for (const path of views.filter((view) => view !== memberPage)) {
      expect(await read(path), path).not.toContain(email);
    }
    // The account is gone: support has no member page of it any more.
    const gone = await admin.request(memberPage);
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain(email);
    expect(await read('/api/admin/orders')).toContain(orderId);
    const audit = JSON.parse(await read(`/api/admin/audit-log?memberId=${userId}`));
    expect(audit.items.map((entry: { action: string }) => entry.action)).toEqual(['self-delete-account']);
    expect(JSON.stringify(audit)).not.toContain(email);
  });
});
