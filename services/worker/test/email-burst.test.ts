import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { startConsumers } from '../src/consumers.ts';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';
import { startSmtpSink } from '../src/testing-smtp.ts';

/**
 * Launch night: a burst of create-account e-mails through the real queue and the worker's consumers to
 * a local SMTP server. The sink answers each message after a short delay, as a real relay does, so one
 * connection at a time would leave the rest of the burst waiting.
 */

const BURST = 40;
const MAX_CONNECTIONS = 4;
const RELAY_DELAY_MS = 20;

describe('a launch-night burst of e-mails with SMTP_URL set', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let deps: ReturnType<typeof createTestDeps>;
  let consumers: ReturnType<typeof startConsumers>;
  let queues: Awaited<ReturnType<typeof openTestQueues>>;

  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: RELAY_DELAY_MS });
    deps = createTestDeps({
      QUEUE_PREFIX: uniqueQueuePrefix('email-burst'),
      SMTP_URL: sink.url,
      SMTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      EMAIL_CONCURRENCY: String(MAX_CONNECTIONS * 2),
    });
    queues = await openTestQueues(deps.config, deps.config.queuePrefix);
    consumers = startConsumers(deps);
  });
  afterAll(async () => {
    await consumers?.close();
    await queues?.dispose();
    await deps?.close();
    await sink?.close();
  });

  it('is mailed over several pooled connections, every buyer exactly once', async () => {
    const { programId } = await createMappedProgram(deps.db);
    const buyers = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const email = uniqueEmail('burst');
        const [user] = await deps.db('users').insert({ email, firstName: 'Maya' }).returning('id');
        const orderId = `B${Date.now()}${randomInt(1_000_000_000)}`;
        await deps
          .db('purchases')
          .insert({ userId: user.id, programId, thriveOrderId: orderId, status: 'completed' });
        return { email, userId: user.id as number, orderId };
      }),
    );

    // Each order queued twice, as a redelivered webhook would: the second is the same job.
    for (let round = 0; round < 2; round += 1) {
      await Promise.all(
        buyers.map(({ userId, orderId }) =>
          enqueueEmail(queues.emails, { template: 'create-account', userId, orderId }),
        ),
      );
    }

    await eventually(async () => (await queues.emails.getJobCounts('completed')).completed === BURST, {
      timeoutMs: 30_000,
      what: `${BURST} e-mail jobs completed`,
    });
    expect([...sink.recipients].sort()).toEqual(buyers.map(({ email }) => email).sort());
    expect(sink.connections).toBeGreaterThan(1);
    expect(sink.mostAtOnce).toBeGreaterThan(1);
    expect(sink.mostAtOnce).toBeLessThanOrEqual(MAX_CONNECTIONS);
    // The pool reuses its connections: far fewer than one per message.
    expect(sink.connections).toBeLessThan(BURST / 2);
  });
});
