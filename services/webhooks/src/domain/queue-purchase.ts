import type { PurchaseEvent } from '@sleep-ritual/contracts/webhook';
import { enqueuePurchase, recordIgnoredTestOrder } from '@sleep-ritual/worker/queues';
import type { WebhookDeps } from '../deps.ts';

/**
 * Hands a verified purchase event to the worker: the job id once Redis holds it, or undefined for a
 * test-mode order while ACCEPT_TEST_ORDERS is false. No database work: the worker provisions access.
 * An ignored test order is noted for the back office's Orders screen, so a merchant testing the live
 * site sees why nothing happened.
 */
export async function queuePurchase(deps: WebhookDeps, purchase: PurchaseEvent): Promise<string | undefined> {
  if (purchase.test && !deps.config.acceptTestOrders) {
    await recordIgnoredTestOrder(deps.db, deps.config.queuePrefix, {
      orderId: purchase.orderId,
      email: purchase.customer?.email ?? null,
      event: purchase.event,
      receivedAt: new Date().toISOString(),
    }).catch((error: Error) => deps.logger.warn({ err: error.message }, 'ignored test order not recorded'));
    return undefined;
  }
  return enqueuePurchase(deps.purchasesQueue, purchase);
}
