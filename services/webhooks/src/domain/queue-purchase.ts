import type { PurchaseEvent } from '@sleep-ritual/contracts/webhook';
import { enqueuePurchase } from '@sleep-ritual/worker/queues';
import type { WebhookDeps } from '../deps.ts';

/**
 * Hands a verified purchase event to the worker: the job id once Redis holds it, or undefined for a
 * test-mode order while ACCEPT_TEST_ORDERS is false. No database work: the worker provisions access.
 */
export async function queuePurchase(deps: WebhookDeps, purchase: PurchaseEvent): Promise<string | undefined> {
  if (purchase.test && !deps.config.acceptTestOrders) return undefined;
  return enqueuePurchase(deps.purchasesQueue, purchase);
}
