import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueuePurchase } from '@sleep-ritual/jobs/purchases';
import { createTestDeps, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { mailsTo } from '../src/outbox.ts';
import {
  createMappedProgram,
  openTestQueues,
  startWorkerProcess,
  uniqueQueuePrefix,
} from '../src/testing.ts';
import { startSmtpSink } from '../src/testing-smtp.ts';

/**
 * What the worker keeps of an e-mail it sent, beside the message itself: its log lines and the e-mail
 * job's return value (kept 30 days in the queue). Neither holds the recipient's address, which would
 * outlive the member's deletion of their account; the user id says whom it was for.
 */

const prefix = uniqueQueuePrefix('mail-records');
const deps = createTestDeps({ QUEUE_PREFIX: prefix });
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let outboxDir: string;
let item: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  queues = await openTestQueues(deps.config, prefix);
  sink = await startSmtpSink();
  outboxDir = await mkdtemp(path.join(tmpdir(), 'mail-records-outbox-'));
  ({ item } = await createMappedProgram(deps.db));
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await queues.dispose();
  await sink.close();
  await rm(outboxDir, { recursive: true, force: true });
  await deps.close();
});

/** An order for a new buyer, through the real worker process logging at info; answers what it kept. */
async function orderMailed(options: { smtpUrl?: string }) {
  const worker = await startWorkerProcess(deps.config, { outboxDir, logLevel: 'info', ...options });
  children.push(worker.child);
  const email = uniqueEmail('records');
  const orderId = `${Date.now()}${randomInt(100_000, 999_999)}`;
  await enqueuePurchase(queues.purchases, {
    event: 'order.success',
    orderId,
    invoiceId: null,
    test: false,
    customer: { email, firstName: 'Ann', lastName: 'Lee' },
    items: [item],
    totalCents: 4700,
  });
  const job = await eventually(
    async () =>
      (await queues.emails.getCompleted(0, -1)).find(
        (each) => each.data.template === 'create-account' && each.data.orderId === orderId,
      ),
    { timeoutMs: 20_000, what: 'the create-account e-mail sent' },
  );
  const user = await deps.db('users').where({ email }).first('id');
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
  return { email, userId: user.id as number, returnvalue: job.returnvalue, log: worker.output() };
}

describe('an e-mail the worker sent', () => {
  it('over SMTP: reached the address, and neither the log nor the job keeps it, only the user id', async () => {
    const { email, userId, returnvalue, log } = await orderMailed({ smtpUrl: sink.url });
    expect(sink.recipients).toContain(email);
    expect(returnvalue).toEqual({ sent: 'create-account', userId });
    expect(log).toContain('"msg":"e-mail sent"');
    expect(log).toContain(`"userId":${userId}`);
    expect(log.toLowerCase()).not.toContain(email.toLowerCase());
  }, 60_000);

  it('to the outbox (no SMTP_URL): the message is there, the log and the job do not name the address', async () => {
    const { email, userId, returnvalue, log } = await orderMailed({});
    expect(await mailsTo(outboxDir, email)).toHaveLength(1);
    expect(returnvalue).toEqual({ sent: 'create-account', userId });
    expect(log).toContain('e-mail written to the outbox');
    expect(log.toLowerCase()).not.toContain(email.toLowerCase());
  }, 60_000);
});
