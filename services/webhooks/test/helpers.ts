import { createClient } from '@sleep-ritual/platform/testing';
import type { PurchasesQueue } from '@sleep-ritual/jobs/purchases';

/** Every job the queue holds, in any state. */
export async function jobCount(queue: PurchasesQueue): Promise<number> {
  const counts = await queue.getJobCounts();
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

let orderCounter = 0;
export function uniqueOrderId(): string {
  orderCounter += 1;
  return `${Date.now()}${process.pid}${orderCounter}`.slice(-15);
}

export function postForm(url: string, body: string) {
  return createClient(url).request('/api/webhooks/thrivecart', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
}

export function postJson(url: string, body: unknown) {
  return createClient(url).request('/api/webhooks/thrivecart', { method: 'POST', json: body });
}
