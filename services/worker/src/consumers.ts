import { Registry } from 'prom-client';
import type { WorkerDeps } from './deps.ts';
import { startEmailsWorker } from './jobs/emails.worker.ts';
import { createMailer } from './mail/mailer.ts';
import { startPurchasesWorker } from './jobs/purchases.worker.ts';
import { startReconcileWorker } from './jobs/reconcile.worker.ts';
import { startRemindersWorker } from './jobs/reminders.worker.ts';
import { jobMetrics, queueDepthMetrics } from './queue-metrics.ts';
import {
  createEmailsQueue,
  createPurchasesQueue,
  createReconcileQueue,
  createRemindersQueue,
  scheduleReconciliation,
  scheduleReminderSweep,
  unscheduleReconciliation,
  type RetryPolicy,
} from './queues.ts';

/**
 * The queue consumers on the worker's queue backend (whose Redis connection, if any, must wait for Redis
 * rather than fail: `createBackends(…, { failFast: false })`). close() stops taking jobs and waits
 * for the ones in hand to finish. With THRIVECART_API_KEY set, reconciliation with ThriveCart is
 * scheduled every 15 minutes (and unscheduled when the key is removed), one run at a time however many
 * worker processes there are; the bedtime reminders' sweep runs every minute. The queues' depth and the
 * consumers' counters go to `registry` (served at the worker's `GET /metrics`). `purchaseRetry` and
 * `reconcileRate` shorten the purchases' backoff and the API pacing, and `clock` moves the reminders'
 * time, for tests only.
 */
export function startConsumers(
  deps: WorkerDeps,
  options: {
    registry?: Registry;
    purchaseRetry?: RetryPolicy;
    reconcileRate?: { requests: number; perMs: number };
    clock?: () => Date;
  } = {},
) {
  const { config, logger, db, backends } = deps;
  const clock = options.clock ?? (() => new Date());
  const emails = createEmailsQueue(backends.queues);
  const purchases = createPurchasesQueue(backends.queues);
  const reconcileQueue = createReconcileQueue(backends.queues);
  const remindersQueue = createRemindersQueue(backends.queues);
  for (const queue of [emails, purchases, reconcileQueue, remindersQueue])
    queue.on('error', (error) => logger.warn({ err: error.message }, `${queue.name} queue error`));
  const mailer = createMailer(config, logger);
  const registry = options.registry ?? new Registry();
  queueDepthMetrics(registry, [purchases, emails, reconcileQueue, remindersQueue]);
  const queueing = { queues: backends.queues, logger, metrics: jobMetrics(registry) };
  const workers = [
    startPurchasesWorker({
      ...queueing,
      db,
      emails,
      paymentGraceDays: config.paymentGraceDays,
      retry: options.purchaseRetry,
    }),
    startEmailsWorker({ ...queueing, db, config, mailer, clock }),
    startReconcileWorker({ ...queueing, db, purchases, config, rate: options.reconcileRate }),
    startRemindersWorker({ ...queueing, db, emails, clock }),
  ];
  // One reconciliation run at a time across every worker process: a scheduled run and a "Check now"
  // that meet wait for each other (and share ThriveCart's rate limit) instead of overlapping.
  const scheduled = Promise.all([
    reconcileQueue
      .setGlobalConcurrency(1)
      .then(() =>
        config.thrivecartApiKey
          ? scheduleReconciliation(reconcileQueue)
          : unscheduleReconciliation(reconcileQueue),
      )
      .catch((error: Error) => logger.error({ err: error.message }, 'reconciliation could not be scheduled')),
    scheduleReminderSweep(remindersQueue).catch((error: Error) =>
      logger.error({ err: error.message }, 'the bedtime reminders could not be scheduled'),
    ),
  ]).then(() => undefined);
  return {
    workers,
    /** Resolves once reconciliation runs one at a time, its schedule is set (or removed), and the reminders' sweep is. */
    scheduled,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([emails.close(), purchases.close(), reconcileQueue.close(), remindersQueue.close()]);
      mailer.close();
    },
  };
}
