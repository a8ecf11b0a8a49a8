import type { PurchaseDeps } from '../deps.ts';
import { processPurchase, type PurchaseOutcome } from '../domain/purchases.processor.ts';
import { PURCHASES_QUEUE, type PurchaseJob } from '../queues.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

/** Enough parallel jobs to provision a burst quickly while staying well inside the database pool. */
const CONCURRENCY = 8;

export function startPurchasesWorker(deps: WorkerConnection & PurchaseDeps) {
  return startWorker<PurchaseJob, PurchaseOutcome>(
    PURCHASES_QUEUE,
    { ...deps, concurrency: CONCURRENCY },
    (data, log) => processPurchase(deps, data, data.test ? log.child({ testOrder: true }) : log),
  );
}
