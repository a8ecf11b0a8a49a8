import { runService } from '@sleep-ritual/platform/run-service';
import { createEmailsQueue, createPurchasesQueue, createReconcileQueue } from '@sleep-ritual/worker/queues';
import { createApp } from './app.ts';
import type { AdminQueues } from './deps.ts';

let queues: AdminQueues | undefined;

// On runService's fail-fast Redis connection: while Redis is down, the admin's queue calls answer 503
// at once instead of hanging.
await runService(
  'catalog',
  (deps) => {
    queues = {
      purchases: createPurchasesQueue(deps.backends.queues),
      emails: createEmailsQueue(deps.backends.queues),
      reconcile: createReconcileQueue(deps.backends.queues),
    };
    for (const queue of [queues.purchases, queues.emails, queues.reconcile!]) {
      queue.on('error', (error) => deps.logger.warn({ err: error.message }, `${queue.name} queue error`));
    }
    return createApp({ ...deps, queues });
  },
  {
    onShutdown: async () =>
      void (await Promise.all([
        queues?.purchases.close(),
        queues?.emails.close(),
        queues?.reconcile?.close(),
      ])),
  },
);
