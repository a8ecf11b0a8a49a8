import type { WorkerDeps } from './deps.ts';
import { startEmailsWorker } from './jobs/emails.worker.ts';
import { createMailer } from './mail/mailer.ts';
import { startPurchasesWorker } from './jobs/purchases.worker.ts';
import { createEmailsQueue, type RetryPolicy } from './queues.ts';

/**
 * Both queue consumers on one Redis connection (which must wait for Redis rather than fail:
 * `maxRetriesPerRequest: null`, as createRedis gives by default). close() stops taking jobs and waits
 * for the ones in hand to finish. `purchaseRetry` shortens the purchases' backoff, for tests only.
 */
export function startConsumers(deps: WorkerDeps, options: { purchaseRetry?: RetryPolicy } = {}) {
  const { config, logger, db, redis } = deps;
  const emails = createEmailsQueue(redis, config.queuePrefix);
  emails.on('error', (error) => logger.warn({ err: error.message }, 'emails queue error'));
  const mailer = createMailer(config, logger);
  const queueing = { connection: redis, prefix: config.queuePrefix, logger };
  const workers = [
    startPurchasesWorker({ ...queueing, db, emails, retry: options.purchaseRetry }),
    startEmailsWorker({ ...queueing, db, config, mailer }),
  ];
  return {
    workers,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await emails.close();
      mailer.close();
    },
  };
}
