import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECONCILIATION_MESSAGES,
  reconciliationStateSchema,
  noFindings,
  type ReconciliationFindings,
} from '@sleep-ritual/contracts/admin-members';
import {
  clientWithSession,
  createClient,
  createTestDeps,
  listen,
  ownTestDatabase,
} from '@sleep-ritual/platform/testing';
import { createReconcileQueue, type ReconcileQueue } from '@sleep-ritual/jobs/reconcile';
import { openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { createApp } from '../../src/app.ts';
import { call, sessionDigest } from './admin-members-fixtures.ts';

/** The back office's view of reconciliation with ThriveCart, and its "Check now" (run by the worker). */

async function catalogWith(overrides: Record<string, string>) {
  const deps = createTestDeps({ QUEUE_PREFIX: uniqueQueuePrefix('reconciliation'), ...overrides });
  const queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  const reconcile: ReconcileQueue = createReconcileQueue(queues.backend);
  const server = await listen(
    createApp({ ...deps, queues: { purchases: queues.purchases, emails: queues.emails, reconcile } }),
  );
  const admin = await clientWithSession(server.url, deps, { isAdmin: true });
  return {
    url: server.url,
    admin,
    reconcile,
    db: deps.db,
    async close() {
      await server.close();
      await reconcile.obliterate({ force: true });
      await reconcile.close();
      await queues.dispose();
      await deps.close();
    },
  };
}

let on: Awaited<ReturnType<typeof catalogWith>>;
let off: Awaited<ReturnType<typeof catalogWith>>;
beforeAll(async () => {
  on = await catalogWith({ THRIVECART_API_KEY: 'test-api-key' });
  off = await catalogWith({});
});
afterAll(async () => {
  await on.close();
  await off.close();
});

describe('GET and POST /api/admin/orders/reconciliation', () => {
  it('shows whether reconciliation is set up, every how many minutes, and its last run', async () => {
    const state = await call(on.admin, 'GET', '/api/admin/orders/reconciliation');
    expect(state.status).toBe(200);
    expect(reconciliationStateSchema.parse(state.body)).toMatchObject({ configured: true, everyMinutes: 15 });
    expect((await call(off.admin, 'GET', '/api/admin/orders/reconciliation')).body).toMatchObject({
      configured: false,
    });
  });

  it('queues one run for the worker on "Check now", however often it is pressed while waiting', async () => {
    const first = await call(on.admin, 'POST', '/api/admin/orders/reconciliation');
    expect(first).toMatchObject({ status: 202, body: { queued: true } });
    expect((await call(on.admin, 'POST', '/api/admin/orders/reconciliation')).status).toBe(202);
    expect(await on.reconcile.getJobCounts('waiting')).toEqual({ waiting: 1 });
    // Each press is in the audit log, as the admin who pressed it.
    const { body } = await call(
      on.admin,
      'GET',
      '/api/admin/audit-log?action=check-reconciliation&pageSize=100',
    );
    const pressed = (body.items as { adminSessionId: string }[]).filter(
      (item) => item.adminSessionId === sessionDigest(on.admin.sessionId),
    );
    expect(pressed).toHaveLength(2);
  });

  it('answers 409 without THRIVECART_API_KEY, and 401 to anyone but an admin', async () => {
    const refused = await call(off.admin, 'POST', '/api/admin/orders/reconciliation');
    expect(refused).toMatchObject({ status: 409, body: { error: RECONCILIATION_MESSAGES.notConfigured } });
    expect(await off.reconcile.getJobCounts('waiting')).toEqual({ waiting: 0 });
    expect((await call(createClient(on.url), 'POST', '/api/admin/orders/reconciliation')).status).toBe(401);
  });
});

describe('GET /api/admin/orders/reconciliation after a run', () => {
  // The worker keeps the last run in one row: a database of this file's own, so the worker's
  // reconciliation tests running beside it neither read nor overwrite the runs stored here.
  let own: Awaited<ReturnType<typeof catalogWith>>;
  beforeAll(async () => {
    own = await catalogWith({
      THRIVECART_API_KEY: 'test-api-key',
      DATABASE_URL: await ownTestDatabase('reconciliation'),
    });
  });
  afterAll(async () => {
    await own.close();
  });

  /** The row as the worker's reconciliation writes it when a run starts and when it ends. */
  async function storeRun(run: {
    outcome: 'running' | 'succeeded' | 'failed';
    startedAt: Date;
    finishedAt: Date | null;
    error: string | null;
    findings: ReconciliationFindings | null;
    checkpoints: Record<string, number>;
  }) {
    await own
      .db('thrivecart_reconciliation')
      .insert({
        id: 1,
        ...run,
        findings: run.findings && JSON.stringify(run.findings),
        checkpoints: JSON.stringify(run.checkpoints),
      })
      .onConflict('id')
      .merge();
  }

  const reconciliation = async () => {
    const state = await call(own.admin, 'GET', '/api/admin/orders/reconciliation');
    expect(state.status).toBe(200);
    return reconciliationStateSchema.parse(state.body);
  };

  it('says there has been no run before the first one', async () => {
    await own.db('thrivecart_reconciliation').delete();
    expect(await reconciliation()).toEqual({
      configured: true,
      everyMinutes: 15,
      lastRun: null,
      checkpoints: {},
    });
  });

  it('shows a run that succeeded: when, what it found and queued, and how far it has looked', async () => {
    const findings: ReconciliationFindings = {
      requests: 3,
      transactionsSeen: 7,
      alreadyProcessed: 4,
      chargesQueued: [{ orderId: '8801', items: ['product-1', 'bump-1'], test: false }],
      refundsQueued: [{ orderId: '8790', item: 'upsell-1', test: true }],
      cancellationsSeen: 1,
      planEventsQueued: [
        { orderId: '8700', event: 'order.subscription_payment', item: 'product-1', test: false },
      ],
      unrecognized: ['8802: coupon-3'],
    };
    await storeRun({
      outcome: 'succeeded',
      startedAt: new Date('2026-11-20T21:00:00.000Z'),
      finishedAt: new Date('2026-11-20T21:00:04.500Z'),
      error: null,
      findings,
      checkpoints: { live: 1_795_208_400, test: 1_795_208_000 },
    });
    expect(await reconciliation()).toEqual({
      configured: true,
      everyMinutes: 15,
      lastRun: {
        startedAt: '2026-11-20T21:00:00.000Z',
        finishedAt: '2026-11-20T21:00:04.500Z',
        outcome: 'succeeded',
        error: null,
        findings,
      },
      checkpoints: { live: '2026-11-20T21:00:00.000Z', test: '2026-11-20T20:53:20.000Z' },
    });
  });

  it('shows a run that failed with its error and what it found before, and one still running', async () => {
    const error = "ThriveCart's API answered 401 to GET /transactions (check THRIVECART_API_KEY)";
    await storeRun({
      outcome: 'failed',
      startedAt: new Date('2026-11-21T09:15:00.000Z'),
      finishedAt: new Date('2026-11-21T09:15:01.000Z'),
      error,
      findings: { ...noFindings(), requests: 1 },
      checkpoints: { live: 1_795_208_400 },
    });
    const failed = await reconciliation();
    expect(failed.lastRun).toEqual({
      startedAt: '2026-11-21T09:15:00.000Z',
      finishedAt: '2026-11-21T09:15:01.000Z',
      outcome: 'failed',
      error,
      findings: { ...noFindings(), requests: 1 },
    });
    expect(failed.checkpoints).toEqual({ live: '2026-11-20T21:00:00.000Z' });

    await storeRun({
      outcome: 'running',
      startedAt: new Date('2026-11-21T09:30:00.000Z'),
      finishedAt: null,
      error: null,
      findings: null,
      checkpoints: { live: 1_795_208_400 },
    });
    expect((await reconciliation()).lastRun).toEqual({
      startedAt: '2026-11-21T09:30:00.000Z',
      finishedAt: null,
      outcome: 'running',
      error: null,
      findings: null,
    });
  });
});
