import type { Config } from '@sleep-ritual/platform/config';
import type { Knex } from 'knex';
import type { ReconciliationFindings } from '@sleep-ritual/contracts/admin-members';
import { reconcile } from '../domain/reconcile.ts';
import { RECONCILE_QUEUE, type PurchasesQueue, type ReconcileJob } from '../queues.ts';
import { createPacer, thrivecartApi, THRIVECART_RATE } from '../thrivecart/api-client.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

/**
 * One run at a time (here, and across worker processes by the queue's global concurrency, which
 * startConsumers sets). The pacer lives as long as the worker, so back-to-back runs (a scheduled one, then
 * "Check now") share ThriveCart's 60 requests a minute; tests pass a faster rate.
 */
export function startReconcileWorker(
  deps: WorkerConnection & {
    db: Knex;
    purchases: PurchasesQueue;
    config: Pick<Config, 'thrivecartApiKey' | 'thrivecartApiUrl' | 'acceptTestOrders'>;
    rate?: { requests: number; perMs: number };
  },
) {
  const pace = createPacer(deps.rate ?? THRIVECART_RATE);
  const apiKey = deps.config.thrivecartApiKey;
  return startWorker<ReconcileJob, ReconciliationFindings>(
    RECONCILE_QUEUE,
    { ...deps, concurrency: 1 },
    async (_data, log) => {
      if (!apiKey) throw new Error('THRIVECART_API_KEY is not set');
      const api = thrivecartApi({ baseUrl: deps.config.thrivecartApiUrl, apiKey, pace });
      return reconcile(
        { db: deps.db, purchases: deps.purchases, api, acceptTestOrders: deps.config.acceptTestOrders },
        log,
      );
    },
  );
}
