import { Registry } from 'prom-client';
import type { WorkerDeps } from './deps.ts';
import { startEmailsWorker } from './jobs/emails.worker.ts';
import { createMailer } from './mail/mailer.ts';
import { startPurchasesWorker } from './jobs/purchases.worker.ts';
import { startReconcileWorker } from './jobs/reconcile.worker.ts';
import { jobMetrics, queueDepthMetrics } from './queue-metrics.ts';
import {
  createEmailsQueue,
  createPurchasesQueue,
  createReconcileQueue,
  scheduleReconciliation,
  unscheduleReconciliation,
  type RetryPolicy,
} from './queues.ts';

/**
 * The queue consumers on one Redis connection (which must wait for Redis rather than fail:
 * `maxRetriesPerRequest: null`, as createRedis gives by default). close() stops taking jobs and waits
 * for the ones in hand to finish. With THRIVECART_API_KEY set, reconciliation with ThriveCart is
 * scheduled every 15 minutes (and unscheduled when the key is removed), one run at a time however many
 * worker processes there are. The queues' depth and the
 * consumers' counters go to `registry` (served at the worker's `GET /metrics`). `purchaseRetry` and
 * `reconcileRate` shorten the purchases' backoff and the API pacing, for tests only.
 */
export function startConsumers(
  deps: WorkerDeps,
  options: {
    registry?: Registry;
    purchaseRetry?: RetryPolicy;
    reconcileRate?: { requests: number; perMs: number };
  } = {},
) {
  const { config, logger, db, redis } = deps;
  const emails = createEmailsQueue(redis, config.queuePrefix);
  const purchases = createPurchasesQueue(redis, config.queuePrefix);
  const reconcileQueue = createReconcileQueue(redis, config.queuePrefix);
  for (const queue of [emails, purchases, reconcileQueue])
    queue.on('error', (error) => logger.warn({ err: error.message }, `${queue.name} queue error`));
  const mailer = createMailer(config, logger);
  const registry = options.registry ?? new Registry();
  queueDepthMetrics(registry, [purchases, emails, reconcileQueue]);
  const queueing = { connection: redis, prefix: config.queuePrefix, logger, metrics: jobMetrics(registry) };
  const workers = [
    startPurchasesWorker({
      ...queueing,
      db,
      emails,
      paymentGraceDays: config.paymentGraceDays,
      retry: options.purchaseRetry,
    }),
    startEmailsWorker({ ...queueing, db, config, mailer }),
    startReconcileWorker({ ...queueing, db, purchases, config, rate: options.reconcileRate }),
  ];
  // One reconciliation run at a time across every worker process: a scheduled run and a "Check now"
  // that meet wait for each other (and share ThriveCart's rate limit) instead of overlapping.
  const scheduled = reconcileQueue
    .setGlobalConcurrency(1)
    .then(() =>
      config.thrivecartApiKey
        ? scheduleReconciliation(reconcileQueue)
        : unscheduleReconciliation(reconcileQueue),
    )
    .catch((error: Error) => logger.error({ err: error.message }, 'reconciliation could not be scheduled'));
  return {
    workers,
    /** Resolves once reconciliation runs one at a time and its schedule is set (or removed). */
    scheduled,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([emails.close(), purchases.close(), reconcileQueue.close()]);
      mailer.close();
    },
  };
}
