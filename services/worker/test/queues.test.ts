import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@sleep-ritual/platform/testing';
import { enqueueEmail, PURCHASE_ATTEMPTS, PURCHASE_RETRY, retryDelayMs } from '../src/queues.ts';
import { openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

let queues: Awaited<ReturnType<typeof openTestQueues>>;

beforeAll(async () => {
  queues = await openTestQueues(testConfig(), uniqueQueuePrefix('queues'));
});
afterAll(async () => {
  await queues.dispose();
});

describe('enqueueEmail', () => {
  it('queues the create-account e-mail of an order once, however often it is asked', async () => {
    const job = { template: 'create-account' as const, userId: 7, orderId: 'Q1001' };
    const first = await enqueueEmail(queues.emails, job);
    const second = await enqueueEmail(queues.emails, job);
    expect(first).toBe('create-account-Q1001');
    expect(second).toBe(first);
    expect(await queues.emails.getJobCountByTypes('waiting')).toBe(1);
  });

  it('queues another create-account e-mail for the same order when it is a resend, each with its own id', async () => {
    const job = { template: 'create-account' as const, userId: 8, orderId: 'Q1002' };
    const original = await enqueueEmail(queues.emails, job);
    const resent = await enqueueEmail(queues.emails, job, { resend: true });
    const again = await enqueueEmail(queues.emails, job, { resend: true });
    expect(new Set([original, resent, again]).size).toBe(3);
    expect(resent).toMatch(/^create-account-Q1002-resend-/);
    const jobs = await Promise.all([resent, again].map((id) => queues.emails.getJob(id)));
    expect(jobs.map((queued) => queued?.data)).toEqual([job, job]);
  });

  it('queues a new password-reset e-mail on every request', async () => {
    const job = { template: 'password-reset' as const, userId: 9 };
    const first = await enqueueEmail(queues.emails, job);
    const second = await enqueueEmail(queues.emails, job);
    expect(first).not.toBe(second);
    expect((await queues.emails.getJob(second))?.data).toEqual(job);
  });
});

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
