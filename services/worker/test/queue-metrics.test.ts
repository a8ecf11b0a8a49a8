import { randomInt, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { parseMetrics, valueOf } from '@sleep-ritual/platform/testing-metrics';
import { startConsumers } from '../src/consumers.ts';
import { waitForMailTo } from '../src/outbox.ts';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { enqueuePurchase, type PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

/**
 * The worker's series, read from the registry its consumers report to: queue depth per state, jobs
 * completed, failed and retried per queue, and e-mails sent and failed.
 */

const outboxDir = path.join(tmpdir(), `metrics-outbox-${randomUUID()}`);
afterAll(() => rm(outboxDir, { recursive: true, force: true }));

/** Consumers on a queue prefix of their own, reporting to a fresh registry. */
function consumersAt(label: string, env: Record<string, string> = {}) {
  const deps = createTestDeps({ QUEUE_PREFIX: uniqueQueuePrefix(label), OUTBOX_DIR: outboxDir, ...env });
  const registry = new Registry();
  let consumers: ReturnType<typeof startConsumers>;
  let queues: Awaited<ReturnType<typeof openTestQueues>>;
  const bed = {
    deps,
    metrics: async () => parseMetrics(await registry.metrics()),
    get queues() {
      return queues;
    },
  };
  beforeAll(async () => {
    queues = await openTestQueues(deps.config, deps.config.queuePrefix);
    consumers = startConsumers(deps, { registry });
  });
  afterAll(async () => {
    await consumers.close();
    await queues.dispose();
    await deps.close();
  });
  return bed;
}

function order(email: string, items: string[]): PurchaseJob {
  return {
    event: 'order.success',
    orderId: `QM${Date.now()}${randomInt(1_000_000)}`,
    invoiceId: null,
    test: false,
    customer: { email, firstName: 'Maya', lastName: null },
    items,
    totalCents: 4700,
  };
}

describe('the worker metrics', () => {
  const bed = consumersAt('queue-metrics');

  it('count completed and failed purchases, the e-mails sent, and the queues by state', async () => {
    const { item } = await createMappedProgram(bed.deps.db);
    const buyer = uniqueEmail('metrics');
    const good = await enqueuePurchase(bed.queues.purchases, order(buyer, [item]));
    const unmapped = `bump-${randomInt(100_000_000, 2_000_000_000)}`;
    const bad = await enqueuePurchase(bed.queues.purchases, order(buyer, [unmapped]));
    await eventually(async () => (await bed.queues.purchases.getJobState(good)) === 'completed');
    await eventually(async () => (await bed.queues.purchases.getJobState(bad)) === 'failed');
    await waitForMailTo(outboxDir, buyer);

    const samples = await eventually(async () => {
      const now = await bed.metrics();
      // The support e-mail about the unmapped item is sent too.
      return valueOf(now, 'emails_sent_total', { template: 'unmapped-item' }) === 1 ? now : undefined;
    });
    expect(valueOf(samples, 'queue_jobs_completed_total', { queue: 'purchases' })).toBe(1);
    expect(valueOf(samples, 'queue_jobs_failed_total', { queue: 'purchases' })).toBe(1);
    expect(valueOf(samples, 'queue_jobs_retried_total', { queue: 'purchases' }) ?? 0).toBe(0);
    expect(valueOf(samples, 'queue_jobs_completed_total', { queue: 'emails' })).toBe(2);
    expect(valueOf(samples, 'emails_sent_total', { template: 'create-account' })).toBe(1);
    expect(valueOf(samples, 'emails_failed_total', { template: 'create-account' }) ?? 0).toBe(0);
    for (const [state, count] of Object.entries({ waiting: 0, active: 0, delayed: 0, failed: 1 })) {
      expect(valueOf(samples, 'queue_jobs', { queue: 'purchases', state }), state).toBe(count);
    }
    expect(valueOf(samples, 'queue_jobs', { queue: 'emails', state: 'failed' })).toBe(0);
    expect(valueOf(samples, 'queue_jobs', { queue: 'reconcile', state: 'waiting' })).toBe(0);
  });

  it('read the depth from Redis at each scrape: jobs nobody takes show as waiting', async () => {
    // The reconcile queue's consumer is running too, so park jobs in a queue state it cannot take.
    await bed.queues.purchases.pause();
    try {
      const { item } = await createMappedProgram(bed.deps.db);
      for (let index = 0; index < 3; index += 1) {
        await enqueuePurchase(bed.queues.purchases, order(uniqueEmail('parked'), [item]));
      }
      const samples = await bed.metrics();
      expect(valueOf(samples, 'queue_jobs', { queue: 'purchases', state: 'waiting' })).toBe(3);
    } finally {
      await bed.queues.purchases.resume();
    }
  });
});

describe('the worker metrics when SMTP refuses', () => {
  const bed = consumersAt('smtp-down', { SMTP_URL: 'smtp://127.0.0.1:1' });

  it('count each failed attempt to send and the retries it leads to', async () => {
    const [user] = await bed.deps
      .db('users')
      .insert({ email: uniqueEmail('smtp-down'), firstName: 'Maya' })
      .returning('id');
    await enqueueEmail(bed.queues.emails, { template: 'password-reset', userId: user.id });

    // The attempt's failure is counted inside the job, its retry once BullMQ has scheduled it (its
    // `failed` event, a moment later on a busy machine): wait for both.
    const samples = await eventually(async () => {
      const now = await bed.metrics();
      return (valueOf(now, 'emails_failed_total', { template: 'password-reset' }) ?? 0) >= 1 &&
        (valueOf(now, 'queue_jobs_retried_total', { queue: 'emails' }) ?? 0) >= 1
        ? now
        : undefined;
    });
    expect(valueOf(samples, 'emails_sent_total', { template: 'password-reset' }) ?? 0).toBe(0);
    expect(valueOf(samples, 'queue_jobs_failed_total', { queue: 'emails' }) ?? 0).toBe(0);
  });
});
