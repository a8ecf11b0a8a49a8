import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES, reconciliationStateSchema } from '@sleep-ritual/contracts/admin-members';
import { clientWithSession, createClient, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import { createReconcileQueue, type ReconcileQueue } from '@sleep-ritual/worker/queues';
import { openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { createApp } from '../src/app.ts';
import { call } from './admin-members-fixtures.ts';

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
  });

  it('answers 409 without THRIVECART_API_KEY, and 401 to anyone but an admin', async () => {
    const refused = await call(off.admin, 'POST', '/api/admin/orders/reconciliation');
    expect(refused).toMatchObject({ status: 409, body: { error: RECONCILIATION_MESSAGES.notConfigured } });
    expect(await off.reconcile.getJobCounts('waiting')).toEqual({ waiting: 0 });
    expect((await call(createClient(on.url), 'POST', '/api/admin/orders/reconciliation')).status).toBe(401);
  });
});
