import type { Knex } from 'knex';
import { processPurchase, type PurchaseOutcome } from './purchases.processor.ts';
import { PURCHASES_QUEUE, type EmailsQueue, type PurchaseJob } from './queues.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

/** Enough parallel jobs to provision a burst quickly while staying well inside the database pool. */
const CONCURRENCY = 8;

export function startPurchasesWorker(deps: WorkerConnection & { db: Knex; emails: EmailsQueue }) {
  return startWorker<PurchaseJob, PurchaseOutcome>(
    PURCHASES_QUEUE,
    { ...deps, concurrency: CONCURRENCY },
    (data, log) => processPurchase(deps, data, data.test ? log.child({ testOrder: true }) : log),
  );
}
