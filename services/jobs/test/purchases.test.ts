import { describe, expect, it } from 'vitest';
import { PURCHASE_ATTEMPTS, PURCHASE_RETRY, retryDelayMs } from '../src/purchases.ts';

/** How long a job keeps being retried before it is kept as failed: the sum of every wait. */
function retrySpanMs(attempts: number, policy: typeof PURCHASE_RETRY): number {
  let total = 0;
  for (let made = 1; made < attempts; made += 1) total += retryDelayMs(made, policy);
  return total;
}

describe('the retries of a purchase job', () => {
  it('back off exponentially up to a cap, and go on for at least 24 hours before the job is kept as failed', () => {
    expect([1, 2, 3].map((made) => retryDelayMs(made, PURCHASE_RETRY))).toEqual([1_000, 2_000, 4_000]);
    expect(retryDelayMs(50, PURCHASE_RETRY)).toBe(PURCHASE_RETRY.capMs);
    expect(PURCHASE_RETRY.capMs).toBeLessThanOrEqual(10 * 60_000);
    expect(retrySpanMs(PURCHASE_ATTEMPTS, PURCHASE_RETRY)).toBeGreaterThanOrEqual(24 * 60 * 60_000);
  });
});
