import { UnrecoverableError } from 'bullmq';
import type { PurchaseDeps } from '../deps.ts';
import { processPurchase, type PurchaseOutcome } from '../domain/purchases.processor.ts';
import { PURCHASE_RETRY, PURCHASES_QUEUE, type PurchaseJob, type RetryPolicy } from '../queues.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

/** Enough parallel jobs to provision a burst quickly while staying well inside the database pool. */
const CONCURRENCY = 8;

/**
 * `retry` is the backoff of jobs that failed for a passing reason; tests shorten it, production keeps
 * PURCHASE_RETRY (retries spanning more than a day).
 */
export function startPurchasesWorker(deps: WorkerConnection & PurchaseDeps & { retry?: RetryPolicy }) {
  return startWorker<PurchaseJob, PurchaseOutcome>(
    PURCHASES_QUEUE,
    { ...deps, concurrency: CONCURRENCY, retry: deps.retry ?? PURCHASE_RETRY },
    async (data, log) => {
      try {
        return await processPurchase(deps, data, data.test ? log.child({ testOrder: true }) : log);
      } catch (error) {
        throw neverSucceeds(error) ? new UnrecoverableError((error as Error).message) : error;
      }
    },
  );
}

/**
 * Whether PostgreSQL refused the job's data itself, so that retrying cannot help: a data exception
 * (SQLSTATE class 22, e.g. text it cannot store) or an integrity violation (class 23, e.g. a mapping to a
 * programme that no longer exists). Anything else (a connection refused, a timeout, a restart) is a
 * dependency being down, and is retried.
 */
function neverSucceeds(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23)[0-9A-Z]{3}$/.test(code);
}
