import { runService } from '@sleep-ritual/platform/run-service';
import { createEmailsQueue, enqueueEmail, type EmailsQueue } from '@sleep-ritual/jobs/emails';
import { orderForgetter } from '@sleep-ritual/jobs/forget-orders';
import { createPurchasesQueue, type PurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { createApp } from './app.ts';

let queues: { purchases: PurchasesQueue; emails: EmailsQueue } | undefined;

await runService(
  'auth',
  (deps) => {
    const opened = {
      purchases: createPurchasesQueue(deps.backends.queues),
      emails: createEmailsQueue(deps.backends.queues),
    };
    queues = opened;
    for (const queue of Object.values(opened)) {
      queue.on('error', (error) => deps.logger.warn({ err: error.message }, `${queue.name} queue error`));
    }
    return createApp({
      ...deps,
      sendEmail: async (email) => {
        await enqueueEmail(opened.emails, email);
      },
      forgetOrders: orderForgetter(opened),
    });
  },
  { onShutdown: async () => void (await Promise.all([queues?.purchases.close(), queues?.emails.close()])) },
);
