import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { createTestDeps, eventually, ownTestDatabase, uniqueEmail } from '@sleep-ritual/platform/testing';
import { ownsProgramSql } from '@sleep-ritual/learning/purchase-access';
import { startConsumers } from '../src/consumers.ts';
import { processPurchase } from '../src/domain/purchases.processor.ts';
import {
  createReconcileQueue,
  requestReconciliation,
  type ReconcileQueue,
} from '@sleep-ritual/jobs/reconcile';
import type { PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';
import { startFakeThrivecartApi, type FakeTransaction } from '@sleep-ritual/thrivecart/testing-api';

/**
 * Reconciliation against a local fake of ThriveCart's API (never the network): orders whose webhook
 * never arrived are provisioned, refunds applied, the checkpoint kept, errors shown, requests paced.
 */

const API_KEY = 'test-api-key';
const fake = await startFakeThrivecartApi(API_KEY);
const RATE = { requests: 4, perMs: 400 };
// Reconciliation keeps one state row (its checkpoints): a database of its own, so that another suite
// running reconciliation meanwhile (the deleted-account one) cannot move them under these tests.
const deps = createTestDeps({
  DATABASE_URL: await ownTestDatabase('reconcile'),
  QUEUE_PREFIX: uniqueQueuePrefix('reconcile'),
  OUTBOX_DIR: path.join(tmpdir(), `reconcile-outbox-${randomUUID()}`),
  THRIVECART_API_KEY: API_KEY,
  THRIVECART_API_URL: fake.url,
});
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let reconcileQueue: ReconcileQueue;
let consumers: ReturnType<typeof startConsumers>;
let ritual: { programId: number; item: string };
let bump: { programId: number; item: string };

beforeAll(async () => {
  await deps.db('thrivecart_reconciliation').delete();
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  reconcileQueue = createReconcileQueue(queues.backend);
  consumers = startConsumers(deps, { reconcileRate: RATE });
  await consumers.scheduled;
  // The schedule runs once at start-up: that run must be over before the tests add transactions, or it
  // could take them (and move the checkpoint) instead of the run a test asks for.
  await startupRun(reconcileQueue);
  ritual = await createMappedProgram(deps.db);
  bump = await createMappedProgram(deps.db, { kind: 'bump' });
});
afterAll(async () => {
  await consumers.close();
  await reconcileQueue.obliterate({ force: true });
  await reconcileQueue.close();
  await queues.dispose();
  await fake.close();
  await rm(deps.config.outboxDir, { recursive: true, force: true });
  await deps.close();
});

let counter = 0;
/** ThriveCart's time of the latest fake transaction: each new one is later than all before, as real ones are. */
let latest = 0;
function transaction(fields: Partial<FakeTransaction> & Pick<FakeTransaction, 'order_id'>): FakeTransaction {
  counter += 1;
  const timestamp = fields.timestamp ?? Math.max(latest + 1, Math.floor(Date.now() / 1000));
  latest = Math.max(latest, timestamp);
  const [itemType, itemId] = (fields.item_type ? `${fields.item_type}-${fields.item_id}` : ritual.item).split(
    '-',
  );
  return {
    mode: 'live',
    event_id: String(1000 + counter),
    timestamp,
    transaction_type: 'charge',
    item_type: itemType!,
    item_id: Number(itemId),
    amount: 4700,
    invoice_id: String(counter).padStart(9, '0'),
    customer: { name: 'Rae Lost', email: uniqueEmail('reconciled') },
    ...fields,
  };
}
const split = (item: string) => ({ item_type: item.split('-')[0]!, item_id: Number(item.split('-')[1]) });

/** A run's job once it has finished, read after it finished (so that it holds the run's outcome). */
function finished(id: string, queue = reconcileQueue) {
  return eventually(
    async () => {
      const state = await queue.getJobState(id);
      return state === 'completed' || state === 'failed' ? queue.getJob(id) : undefined;
    },
    { timeoutMs: 20_000, what: 'the reconciliation run to finish' },
  );
}

async function runNow() {
  return finished(await requestReconciliation(reconcileQueue));
}

/** The run an `every` schedule starts at once, when it has finished. */
function startupRun(queue: ReconcileQueue) {
  return eventually(
    async () => (await queue.getJobs(['completed', 'failed'])).find((job) => job.data.reason === 'schedule'),
    { timeoutMs: 20_000, what: 'the scheduled run at start-up to finish' },
  );
}

const statusesOf = (orderId: string) =>
  deps.db('purchases').where({ thriveOrderId: orderId }).orderBy('programId').select('programId', 'status');

describe('reconciliation with ThriveCart', () => {
  it('is scheduled every 15 minutes while THRIVECART_API_KEY is set', async () => {
    const schedulers = await reconcileQueue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: 'reconcile-thrivecart', every: 15 * 60_000 }),
    ]);
  });

  it('provisions an order whose webhook never arrived and applies a missed item refund, through the processor', async () => {
    const lost = `${Date.now()}1`;
    const buyer = uniqueEmail('lost');
    const customer = { name: 'Rae Lost', email: buyer };
    fake.transactions.push(
      transaction({ order_id: lost, customer }),
      transaction({ order_id: lost, customer, ...split(bump.item), amount: 1700 }),
    );
    // An order processed from its webhook, whose bump refund webhook never came.
    const refunded = `${Date.now()}2`;
    const other = uniqueEmail('refunded');
    await processPurchase(
      {
        db: deps.db,
        emails: queues.emails,
        paymentGraceDays: deps.config.paymentGraceDays,
        sessions: deps.backends.sessions,
      },
      {
        event: 'order.success',
        orderId: refunded,
        invoiceId: null,
        test: false,
        customer: { email: other, firstName: null, lastName: null },
        items: [ritual.item, bump.item],
        totalCents: 6400,
      },
      deps.logger,
    );
    fake.transactions.push(
      transaction({ order_id: refunded, customer: { name: 'X', email: other } }),
      transaction({ order_id: refunded, customer: { name: 'X', email: other }, ...split(bump.item) }),
      transaction({ order_id: refunded, transaction_type: 'refund', ...split(bump.item), amount: 1700 }),
    );

    const requestsBefore = fake.requests.length;
    const run = await runNow();
    expect(await run.getState()).toBe('completed');
    expect(run.returnvalue).toMatchObject({
      chargesQueued: [{ orderId: lost, items: [ritual.item, bump.item], test: false }],
      refundsQueued: [{ orderId: refunded, item: bump.item, test: false }],
      alreadyProcessed: 2,
    });
    const sent = fake.requests.slice(requestsBefore);
    expect(sent.every((request) => request.auth === `Bearer ${API_KEY}`)).toBe(true);
    expect(new Set(sent.map((request) => `${request.mode}/${request.type}`))).toEqual(
      new Set(
        ['live', 'test'].flatMap((mode) =>
          ['charge', 'refund', 'cancel', 'rebill'].map((type) => `${mode}/${type}`),
        ),
      ),
    );

    await eventually(async () => (await statusesOf(lost)).length === 2, {
      what: 'the lost order provisioned',
    });
    expect(await deps.db('users').whereRaw('lower(email) = ?', [buyer]).first('firstName')).toEqual({
      firstName: 'Rae',
    });
    await eventually(
      async () =>
        (await statusesOf(refunded)).find((row) => row.programId === bump.programId)?.status === 'refunded',
      { what: 'the missed bump refund applied' },
    );
    expect(await statusesOf(refunded)).toEqual(
      [
        { programId: ritual.programId, status: 'completed' },
        { programId: bump.programId, status: 'refunded' },
      ].sort((a, b) => a.programId - b.programId),
    );

    const state = await deps.db('thrivecart_reconciliation').first();
    expect(state).toMatchObject({ outcome: 'succeeded', error: null });
    expect(state.checkpoints.live).toBeGreaterThan(0);
  });

  it('starts the next run from the checkpoint: what it has seen is not queued again, what is new is', async () => {
    const before = await deps.db('thrivecart_reconciliation').first('checkpoints');
    const fresh = `${Date.now()}3`;
    fake.transactions.push(transaction({ order_id: fresh, timestamp: before.checkpoints.live + 5 }));
    const run = await runNow();
    expect(run.returnvalue.chargesQueued).toEqual([{ orderId: fresh, items: [ritual.item], test: false }]);
    expect(run.returnvalue.refundsQueued).toEqual([]);
    await eventually(async () => (await statusesOf(fresh)).length === 1, {
      what: 'the new order provisioned',
    });
  });

  it('applies a missed instalment payment and a missed cancellation through the processor', async () => {
    const orderId = `${Date.now()}4`;
    const email = uniqueEmail('plan');
    const process = (job: Omit<PurchaseJob, 'invoiceId' | 'test' | 'totalCents'>) =>
      processPurchase(
        { db: deps.db, emails: queues.emails, paymentGraceDays: 7, sessions: deps.backends.sessions },
        { invoiceId: null, test: false, totalCents: null, ...job },
        deps.logger,
      );
    await process({
      event: 'order.success',
      orderId,
      customer: { email, firstName: null, lastName: null },
      items: [ritual.item],
    });
    // Its instalment failed 10 days ago (the grace ran out), then the payment's webhook was lost.
    const failedAt = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString();
    await process({
      event: 'order.rebill_failed',
      orderId,
      customer: null,
      items: [],
      plan: { item: ritual.item, at: failedAt, receivedAt: failedAt },
    });
    const { userId } = await deps.db('purchases').where({ thriveOrderId: orderId }).first('userId');
    const owns = async () =>
      (await deps.db.raw(`select ${ownsProgramSql('?', '?')} as owns`, [userId, ritual.programId])).rows[0]
        .owns as boolean;
    expect(await owns()).toBe(false);

    const customer = { name: 'Pat Plan', email };
    fake.transactions.push(
      transaction({ order_id: orderId, customer, transaction_type: 'rebill' }),
      transaction({ order_id: orderId, customer, transaction_type: 'cancel' }),
    );
    const run = await runNow();
    expect(run.returnvalue.planEventsQueued).toEqual([
      { orderId, event: 'order.subscription_payment', item: ritual.item, test: false },
      { orderId, event: 'order.subscription_cancelled', item: ritual.item, test: false },
    ]);
    await eventually(
      async () =>
        (await deps.db('purchases').where({ thriveOrderId: orderId }).first('planStatus')).planStatus ===
        'cancelled',
      { what: 'the missed cancellation applied' },
    );
    await eventually(owns, { what: 'access restored by the missed payment' });
    expect(await deps.db('purchases').where({ thriveOrderId: orderId }).first('paymentFailedAt')).toEqual({
      paymentFailedAt: null,
    });
  });

  it('never skips a charge made during a run, after the charges were listed, older than what the run saw next', async () => {
    const during = `${Date.now()}5`;
    let made = false;
    // The charge is made while the run lists cancellations, a moment before a cancellation it lists.
    fake.hooks.onRequest = (request) => {
      if (made || request.mode !== 'live' || request.type !== 'cancel') return;
      made = true;
      fake.transactions.push(
        transaction({ order_id: during }),
        transaction({ order_id: `${Date.now()}6`, transaction_type: 'cancel' }),
      );
    };
    let first: Awaited<ReturnType<typeof runNow>>;
    try {
      first = await runNow();
    } finally {
      fake.hooks.onRequest = undefined;
    }
    expect(made).toBe(true);
    expect(first.returnvalue.chargesQueued).toEqual([]);
    const next = await runNow();
    expect(next.returnvalue.chargesQueued).toEqual([{ orderId: during, items: [ritual.item], test: false }]);
    await eventually(async () => (await statusesOf(during)).length === 1, {
      what: 'the charge made during a run provisioned',
    });
  });

  it('runs a scheduled run and a "Check now" that meet one after the other, even with two workers taking them', async () => {
    const other = startConsumers(deps, { reconcileRate: RATE });
    try {
      await other.scheduled;
      const orderId = `${Date.now()}7`;
      fake.transactions.push(transaction({ order_id: orderId }));
      const from = fake.requests.length;
      const ids = await Promise.all([
        reconcileQueue.add('reconcile', { reason: 'schedule' }).then((job) => job.id!),
        requestReconciliation(reconcileQueue),
      ]);
      const runs = await Promise.all(ids.map((id) => finished(id)));
      expect(await Promise.all(runs.map((run) => run.getState()))).toEqual(['completed', 'completed']);
      const [earlier, later] = [...runs].sort((a, b) => a.processedOn! - b.processedOn!);
      expect(later!.processedOn).toBeGreaterThanOrEqual(earlier!.finishedOn!);
      // ThriveCart sees all of one run's requests, then all of the other's.
      const oneRun = ['live', 'test'].flatMap((mode) =>
        ['charge', 'refund', 'rebill', 'cancel'].map((type) => `${mode}/${type}`),
      );
      expect(fake.requests.slice(from).map((request) => `${request.mode}/${request.type}`)).toEqual([
        ...oneRun,
        ...oneRun,
      ]);
      expect(earlier!.returnvalue.chargesQueued).toEqual([{ orderId, items: [ritual.item], test: false }]);
      await eventually(async () => (await statusesOf(orderId)).length === 1, {
        what: 'the order both runs saw provisioned',
      });
      expect(await deps.db('thrivecart_reconciliation').first()).toMatchObject({
        outcome: 'succeeded',
        error: null,
      });
    } finally {
      await other.close();
    }
  });

  it('pages through many transactions within the rate it is given', async () => {
    const base = Math.floor(Date.now() / 1000);
    const many = Array.from({ length: 250 }, (_, n) =>
      transaction({ order_id: `${Date.now()}9${n}`, timestamp: base + 100 + n }),
    );
    fake.transactions.push(...many);
    const from = fake.requests.length;
    const run = await runNow();
    expect(await run.getState()).toBe('completed');
    const sent = fake.requests.slice(from);
    expect(
      sent.filter((request) => request.mode === 'live' && request.type === 'charge').map((r) => r.page),
    ).toEqual([1, 2, 3]);
    // Never more than RATE.requests arriving in any window of RATE.perMs (within the network's jitter).
    for (let index = RATE.requests; index < sent.length; index += 1)
      expect(sent[index]!.at - sent[index - RATE.requests]!.at).toBeGreaterThanOrEqual(RATE.perMs - 20);
    expect(run.returnvalue.chargesQueued).toHaveLength(50);
  });

  it('records the error of a run ThriveCart refuses and keeps the checkpoint for the next one', async () => {
    const before = await deps.db('thrivecart_reconciliation').first('checkpoints');
    const key = deps.config.thrivecartApiKey;
    fake.transactions.length = 0;
    // The fake now expects another key: ThriveCart answers 401, as for a revoked key.
    const denied = await startFakeThrivecartApi('another-key');
    const deniedQueues = createQueueBackend(deps.config, `${deps.config.queuePrefix}-denied`, {
      failFast: false,
    });
    await deniedQueues.ready();
    const worker = startConsumers(
      {
        ...deps,
        backends: { ...deps.backends, queues: deniedQueues },
        config: { ...deps.config, thrivecartApiUrl: denied.url },
      },
      { reconcileRate: RATE },
    );
    const queue = createReconcileQueue(deniedQueues);
    try {
      await worker.scheduled;
      // Its schedule's run at start-up fails the same way; the run asked for comes after it.
      expect(await (await startupRun(queue)).getState()).toBe('failed');
      const id = await requestReconciliation(queue);
      const failed = await finished(id, queue);
      expect(await failed.getState()).toBe('failed');
      expect(failed.failedReason).toBe(
        "ThriveCart's API answered 401 to GET /transactions (check THRIVECART_API_KEY)",
      );
      expect(await deps.db('thrivecart_reconciliation').first()).toMatchObject({
        outcome: 'failed',
        error: "ThriveCart's API answered 401 to GET /transactions (check THRIVECART_API_KEY)",
        checkpoints: before.checkpoints,
      });
      expect(key).toBe(API_KEY);
    } finally {
      await worker.close();
      await queue.close();
      await deniedQueues.obliterate();
      await deniedQueues.close();
      await denied.close();
    }
  });
});
