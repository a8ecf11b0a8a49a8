import { emailJobOnceDone, type EmailsQueue } from './emails.ts';
import { rewriteUnfinishedOfOrders } from './producer.ts';
import { purchaseJobOnceDone, type PurchasesQueue } from './purchases.ts';

/**
 * The queues' side of deleting an account: the buyer's address out of the jobs of the member's orders
 * that were never provisioned, purchase jobs and support's notices of an item waiting on a mapping,
 * failed or waiting to be retried (see rewriteUnfinishedOfOrders). Both queues are rewritten whatever
 * the other's outcome; answers how many jobs were rewritten, or throws the first failure.
 */
export function orderForgetter(queues: {
  purchases: PurchasesQueue;
  emails: EmailsQueue;
}): (orderIds: string[]) => Promise<number> {
  return async (orderIds) => {
    const [orders, notices] = await Promise.allSettled([
      rewriteUnfinishedOfOrders(queues.purchases, orderIds, purchaseJobOnceDone),
      rewriteUnfinishedOfOrders(queues.emails, orderIds, emailJobOnceDone),
    ]);
    if (orders.status === 'rejected') throw orders.reason;
    if (notices.status === 'rejected') throw notices.reason;
    return orders.value + notices.value;
  };
}
