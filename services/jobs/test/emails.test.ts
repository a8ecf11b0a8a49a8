import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { testConfig } from '@sleep-ritual/platform/testing';
import { createEmailsQueue, enqueueEmail, type EmailsQueue } from '../src/emails.ts';

// A queue under a prefix of this file's own, in the store the test config names (Redis, or PostgreSQL).
const backend = createQueueBackend(testConfig(), `emails-${randomUUID()}`, { failFast: true });
let emails: EmailsQueue;

beforeAll(async () => {
  await backend.ready();
  emails = createEmailsQueue(backend);
  await emails.waitUntilReady();
});
afterAll(async () => {
  await emails.close();
  await backend.obliterate();
  await backend.close();
});

describe('enqueueEmail', () => {
  it('queues the create-account e-mail of an order once, however often it is asked', async () => {
    const job = { template: 'create-account' as const, userId: 7, orderId: 'Q1001' };
    const first = await enqueueEmail(emails, job);
    const second = await enqueueEmail(emails, job);
    expect(first).toBe('create-account-Q1001');
    expect(second).toBe(first);
    expect(await emails.getJobCountByTypes('waiting')).toBe(1);
  });

  it('queues another create-account e-mail for the same order when it is a resend, each with its own id', async () => {
    const job = { template: 'create-account' as const, userId: 8, orderId: 'Q1002' };
    const original = await enqueueEmail(emails, job);
    const resent = await enqueueEmail(emails, job, { resend: true });
    const again = await enqueueEmail(emails, job, { resend: true });
    expect(new Set([original, resent, again]).size).toBe(3);
    expect(resent).toMatch(/^create-account-Q1002-resend-/);
    const jobs = await Promise.all([resent, again].map((id) => emails.getJob(id)));
    expect(jobs.map((queued) => queued?.data)).toEqual([job, job]);
  });

  it('queues a new password-reset e-mail on every request', async () => {
    const job = { template: 'password-reset' as const, userId: 9 };
    const first = await enqueueEmail(emails, job);
    const second = await enqueueEmail(emails, job);
    expect(first).not.toBe(second);
    expect((await emails.getJob(second))?.data).toEqual(job);
  });
});
