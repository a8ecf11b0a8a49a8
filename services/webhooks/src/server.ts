import { runService } from '@sleep-ritual/platform/run-service';
import { createPurchasesQueue, type PurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { createApp } from './app.ts';

let purchasesQueue: PurchasesQueue | undefined;

// runService's Redis connection is fail-fast, so the queue behind the webhook answers 503 at once
// while Redis is down instead of holding the checkout's request.
await runService(
  'webhooks',
  (deps) => {
    purchasesQueue = createPurchasesQueue(deps.backends.queues);
    purchasesQueue.on('error', (error) => deps.logger.warn({ err: error.message }, 'purchases queue error'));
    return createApp({ ...deps, purchasesQueue });
  },
  { onShutdown: async () => purchasesQueue?.close() },
);
