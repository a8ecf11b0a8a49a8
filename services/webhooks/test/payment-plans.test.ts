import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAck } from '@sleep-ritual/thrivecart/webhook';
import { ownsProgramSql } from '@sleep-ritual/learning/purchase-access';
import { createTestDeps, eventually, listen, uniqueEmail } from '@sleep-ritual/platform/testing';
import { startConsumers } from '@sleep-ritual/worker/consumers';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { createApp } from '../src/app.ts';
import {
  formBody,
  thrivecartOrderFields,
  thrivecartPlanEventFields,
  type SamplePlanEvent,
} from '@sleep-ritual/thrivecart/samples';
import { postForm, uniqueOrderId } from './helpers.ts';

/**
 * Payment plans end to end: ThriveCart's plan events posted form-encoded to the receiver, through the real
 * queue and worker, to what the learner reads decide. ThriveCart's time of each event (`date_unix`) stands
 * in for the clock: a failure dated 8 days ago has outlived a 7-day grace.
 */

const deps = createTestDeps({
  QUEUE_PREFIX: uniqueQueuePrefix('plans'),
  OUTBOX_DIR: path.join(tmpdir(), `plans-outbox-${randomUUID()}`),
  PAYMENT_GRACE_DAYS: '7',
});
const secret = deps.config.thrivecartSecret;
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let consumers: ReturnType<typeof startConsumers>;
let server: Awaited<ReturnType<typeof listen>>;
let ritual: { programId: number; item: string };
let upsell: { programId: number; item: string };

beforeAll(async () => {
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  consumers = startConsumers(deps, { purchaseRetry: { baseMs: 100, capMs: 500 } });
  server = await listen(createApp({ ...deps, purchasesQueue: queues.purchases }));
  ritual = await createMappedProgram(deps.db, { title: 'The 6-Night Sleep Meditation Ritual' });
  upsell = await createMappedProgram(deps.db, { kind: 'upsell' });
});
afterAll(async () => {
  await server.close();
  await consumers.close();
  await queues.dispose();
  await rm(deps.config.outboxDir, { recursive: true, force: true });
  await deps.close();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/** Posts a body and waits until the worker has finished its job; answers the receiver's acknowledgement. */
async function post(fields: Record<string, string>): Promise<WebhookAck> {
  const response = await postForm(server.url, formBody(fields));
  expect(response.status).toBe(200);
  const ack = (await response.json()) as WebhookAck;
  expect(ack, JSON.stringify(ack)).toMatchObject({ queued: true });
  await eventually(async () => (await queues.purchases.getJobState(ack.jobId!)) === 'completed', {
    what: `job ${ack.jobId}`,
  }).catch(async (error) => {
    throw new Error(
      `${(error as Error).message}: ${(await queues.purchases.getJob(ack.jobId!))?.failedReason}`,
    );
  });
  return ack;
}

/** A buyer whose order (the main product, and the upsell when asked) has been provisioned. */
async function buyer(items = [ritual.item]) {
  const email = uniqueEmail('plan');
  const orderId = uniqueOrderId();
  await post(thrivecartOrderFields({ secret, orderId, email, items }));
  const user = await deps.db('users').whereRaw('lower(email) = lower(?)', [email]).first('id');
  const event = (event: SamplePlanEvent['event'], at: Date, extra: Partial<SamplePlanEvent> = {}) =>
    post(thrivecartPlanEventFields({ secret, orderId, email, event, item: ritual.item, at, ...extra }));
  return { email, orderId, userId: user.id as number, event };
}

/** Whether the learner may open the programme, by the rule every learner read uses. */
async function owns(userId: number, programId: number): Promise<boolean> {
  const { rows } = await deps.db.raw<{ rows: { owns: boolean }[] }>(
    `select ${ownsProgramSql('?', '?')} as owns`,
    [userId, programId],
  );
  return rows[0]!.owns;
}

async function planOf(orderId: string, programId = ritual.programId) {
  return deps
    .db('purchases')
    .where({ thriveOrderId: orderId, programId })
    .first('status', 'planStatus', 'paymentFailedAt', 'graceEndsAt');
}

describe('a failed instalment', () => {
  it('keeps access for the 7 days of grace from the failure, then suspends the purchase', async () => {
    const inGrace = await buyer();
    const failedAt = daysAgo(6);
    await inGrace.event('order.rebill_failed', failedAt);
    expect(await owns(inGrace.userId, ritual.programId)).toBe(true);
    const plan = await planOf(inGrace.orderId);
    expect(plan.status).toBe('completed');
    expect(plan.planStatus).toBe('active');
    expect(new Date(plan.paymentFailedAt).getTime()).toBe(Math.floor(failedAt.getTime() / 1000) * 1000);
    expect(new Date(plan.graceEndsAt).getTime() - new Date(plan.paymentFailedAt).getTime()).toBe(7 * DAY);

    // The same state 8 days after the failure: the grace ran out by itself, no job ran at that moment.
    const pastGrace = await buyer();
    await pastGrace.event('order.rebill_failed', daysAgo(8));
    expect(await owns(pastGrace.userId, ritual.programId)).toBe(false);
    expect((await planOf(pastGrace.orderId)).status).toBe('completed');
  });

  it('does not extend the grace when a retry of the instalment fails again', async () => {
    const learner = await buyer();
    await learner.event('order.rebill_failed', daysAgo(8));
    await learner.event('order.rebill_failed', daysAgo(1));
    expect(await owns(learner.userId, ritual.programId)).toBe(false);
  });

  it('suspends only the purchase its plan pays for: an upsell plan failing leaves the main product open', async () => {
    const learner = await buyer([ritual.item, upsell.item]);
    await learner.event('order.rebill_failed', daysAgo(9), { item: upsell.item });
    expect(await owns(learner.userId, upsell.programId)).toBe(false);
    expect(await owns(learner.userId, ritual.programId)).toBe(true);
  });

  it('a later payment of the instalment restores access', async () => {
    const learner = await buyer();
    await learner.event('order.rebill_failed', daysAgo(9));
    expect(await owns(learner.userId, ritual.programId)).toBe(false);
    await learner.event('order.subscription_payment', daysAgo(0));
    expect(await owns(learner.userId, ritual.programId)).toBe(true);
    expect(await planOf(learner.orderId)).toMatchObject({
      planStatus: 'active',
      paymentFailedAt: null,
      graceEndsAt: null,
    });
  });
});

describe('a cancelled plan', () => {
  it('keeps the access paid for', async () => {
    const learner = await buyer();
    await learner.event('order.subscription_payment', daysAgo(40));
    await learner.event('order.subscription_cancelled', daysAgo(2));
    expect(await owns(learner.userId, ritual.programId)).toBe(true);
    expect((await planOf(learner.orderId)).planStatus).toBe('cancelled');
  });

  it('cancelled after a failed instalment whose grace ran out stays suspended', async () => {
    const learner = await buyer();
    await learner.event('order.rebill_failed', daysAgo(12));
    await learner.event('order.subscription_cancelled', daysAgo(3));
    expect(await owns(learner.userId, ritual.programId)).toBe(false);
    expect((await planOf(learner.orderId)).planStatus).toBe('cancelled');
  });
});

describe('a paused plan', () => {
  it('keeps access while paused; resuming it ends a failed instalment’s suspension', async () => {
    const paused = await buyer();
    await paused.event('order.subscription_paused', daysAgo(20));
    expect(await owns(paused.userId, ritual.programId)).toBe(true);
    expect((await planOf(paused.orderId)).planStatus).toBe('paused');

    const suspended = await buyer();
    await suspended.event('order.rebill_failed', daysAgo(10));
    await suspended.event('order.subscription_paused', daysAgo(9));
    expect(await owns(suspended.userId, ritual.programId)).toBe(false);
    await suspended.event('order.subscription_resumed', daysAgo(0));
    expect(await owns(suspended.userId, ritual.programId)).toBe(true);
    expect(await planOf(suspended.orderId)).toMatchObject({ planStatus: 'active', graceEndsAt: null });
  });
});

describe('redelivered and late events', () => {
  it('a redelivered event is the same job and changes nothing more', async () => {
    const learner = await buyer();
    const at = daysAgo(2);
    const fields = thrivecartPlanEventFields({
      secret,
      orderId: learner.orderId,
      email: learner.email,
      event: 'order.rebill_failed',
      at,
    });
    const first = await post(fields);
    const before = await planOf(learner.orderId);
    const again = await post(fields);
    expect(again.jobId).toBe(first.jobId);
    expect(await planOf(learner.orderId)).toEqual(before);
    const jobs = await queues.purchases.getJobs(['completed']);
    expect(jobs.filter((job) => job.id === first.jobId)).toHaveLength(1);
  });

  it('an older event arriving after a newer one does not undo it', async () => {
    const learner = await buyer();
    await learner.event('order.subscription_payment', daysAgo(1));
    // The failure the payment settled, delivered late.
    await learner.event('order.rebill_failed', daysAgo(9));
    expect(await owns(learner.userId, ritual.programId)).toBe(true);
    expect((await planOf(learner.orderId)).paymentFailedAt).toBeNull();
  });

  it('a plan event that arrives before its order is provisioned waits for it', async () => {
    const email = uniqueEmail('plan-early');
    const orderId = uniqueOrderId();
    const early = await postForm(
      server.url,
      formBody(
        thrivecartPlanEventFields({
          secret,
          orderId,
          email,
          event: 'order.rebill_failed',
          item: ritual.item,
          at: daysAgo(8),
        }),
      ),
    );
    const { jobId } = (await early.json()) as WebhookAck;
    await eventually(async () => (await queues.purchases.getJob(jobId!))?.attemptsMade, {
      what: 'the early plan event to be tried once',
    });
    await post(thrivecartOrderFields({ secret, orderId, email, items: [ritual.item] }));
    await eventually(async () => (await queues.purchases.getJobState(jobId!)) === 'completed', {
      timeoutMs: 20_000,
      what: 'the early plan event to be applied once the order is',
    });
    expect(await planOf(orderId)).toMatchObject({ planStatus: 'active', paymentFailedAt: expect.any(Date) });
    const { userId } = await deps.db('purchases').where({ thriveOrderId: orderId }).first('userId');
    expect(await owns(userId, ritual.programId)).toBe(false);
  });
});
