import { runService } from '@sleep-ritual/platform/run-service';
import { createEmailsQueue } from '@sleep-ritual/jobs/emails';
import { createPurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { createReconcileQueue } from '@sleep-ritual/jobs/reconcile';
import { createApp } from './app.ts';
import type { AdminQueues } from './deps.ts';

let queues: AdminQueues | undefined;

// On runService's fail-fast Redis connection: while Redis is down, the admin's queue calls answer 503
// at once instead of hanging.
await runService(
  'catalog',
  (deps) => {
    const purchases = createPurchasesQueue(deps.backends.queues);
    const emails = createEmailsQueue(deps.backends.queues);
    const reconcile = createReconcileQueue(deps.backends.queues);
    queues = { purchases, emails, reconcile };
    for (const queue of [purchases, emails, reconcile]) {
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
