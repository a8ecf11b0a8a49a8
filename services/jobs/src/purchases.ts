import { createHash } from 'node:crypto';
import type { DefaultJobOptions } from 'bullmq';
import type { PurchaseEvent } from '@sleep-ritual/thrivecart/webhook';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { createBatcher } from '@sleep-ritual/platform/batcher';
import { inSpan, traceMetadata } from '@sleep-ritual/platform/telemetry';
import { DAY_SECONDS, openQueue, withinTimeout, type JobOrigin, type ProducerQueue } from './producer.ts';

/** The purchase events the webhook receiver (and reconciliation) queue and the worker provisions. */
export const PURCHASES_QUEUE = 'purchases';

export type PurchaseJob = PurchaseEvent & JobOrigin;

export type PurchasesQueue = ProducerQueue<PurchaseJob>;

/**
 * How a purchase job that failed for a passing reason (PostgreSQL or Redis down, a deploy) is retried:
 * exponential backoff from `baseMs`, capped at `capMs`. A paid order must survive an outage of a day,
 * so PURCHASE_ATTEMPTS is chosen for the retries to span at least 24 hours (a test proves it). Jobs that
 * can never succeed (an unmapped item, data PostgreSQL refuses) fail at once instead (UnrecoverableError).
 */
export type RetryPolicy = { baseMs: number; capMs: number };
export const PURCHASE_RETRY: RetryPolicy = { baseMs: 1_000, capMs: 5 * 60_000 };
export const PURCHASE_ATTEMPTS = 300;
/** The backoff type name purchase jobs carry; the worker resolves it with its RetryPolicy. */
export const CAPPED_BACKOFF = 'capped-exponential';

/** The wait before the next attempt, once `attemptsMade` attempts have failed. */
export function retryDelayMs(attemptsMade: number, policy: RetryPolicy): number {
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 30);
  return Math.min(policy.baseMs * 2 ** exponent, policy.capMs);
}

const purchaseJobDefaults: DefaultJobOptions = {
  attempts: PURCHASE_ATTEMPTS,
  backoff: { type: CAPPED_BACKOFF },
  // Completed jobs are kept a month so that a redelivered webhook meets its own job id and is ignored.
  removeOnComplete: { age: 30 * DAY_SECONDS },
  removeOnFail: false,
};

/**
 * What a provisioned order's job keeps for the month the queue keeps it (so that a redelivered webhook
 * meets its id): everything but the buyer, whose address and names now live with the member, and go when
 * the member deletes the account. Undefined for a job without one (a refund, a plan event).
 */
export function purchaseJobOnceDone(job: PurchaseJob): PurchaseJob | undefined {
  return job.customer ? { ...job, customer: null } : undefined;
}

export const createPurchasesQueue = (backend: QueueBackend): PurchasesQueue =>
  openQueue<PurchaseJob>(backend, PURCHASES_QUEUE, purchaseJobDefaults);

/**
 * The job id of a purchase event: event, order id and a digest of the items (and, for a refund, of what
 * it refunds). A redelivered webhook gets the same id, so BullMQ keeps the one job; two upsells accepted
 * on one order differ by their items, two refunds of one order by the item or kind they refund, and
 * either from a refund of the whole order.
 */
export function purchaseJobId(job: PurchaseJob): string {
  const refunded =
    job.refund?.scope === 'item'
      ? `|refund:${job.refund.item}`
      : job.refund?.scope === 'kind'
        ? `|refund:kind:${job.refund.kind}`
        : '';
  const digest = createHash('sha256')
    .update([...job.items].sort().join(',') + refunded + (job.plan ? planEventKey(job, job.plan) : ''))
    .digest('hex')
    .slice(0, 12);
  return `${job.event}-${job.orderId}-${digest}`;
}

/**
 * What tells one plan event from another of the same kind and order: the plan's item, the instalment
 * (invoice id) and ThriveCart's time of the event. Without either of the last two, the day it arrived
 * stands in, so a redelivery that day is the same job while next month's instalment is not; applying an
 * event twice changes nothing anyway (purchase-access orders them by time).
 */
function planEventKey(job: PurchaseJob, plan: NonNullable<PurchaseJob['plan']>): string {
  const when = plan.at ?? (job.invoiceId ? '' : plan.receivedAt.slice(0, 10));
  return `|plan:${plan.item ?? 'order'}|${job.invoiceId ?? ''}|${when}`;
}

/**
 * Queues purchase events together, in one addBulk (one transaction in PostgreSQL, one round trip to
 * Redis) sent beside one listing of the failed jobs; resolves to their job ids, in order, once the queue store holds them all, or throws a 503
 * error. A redelivered event meets its own job: a completed or running one is left alone (processing is
 * idempotent anyway), a failed one is run again with fresh attempts, and one that was removed is simply
 * queued anew. So redelivering an order that was lost to an outage, or whose item lacked a mapping, is
 * how it gets provisioned. A job continues the trace of the code that queued it: its `traceMetadata`
 * when given (a batch of several callers' jobs), else the trace this call runs in.
 */
export async function enqueuePurchases(
  queue: PurchasesQueue,
  purchases: QueuedPurchase[],
): Promise<string[]> {
  const ids = purchases.map(({ job }) => purchaseJobId(job));
  // Adding never changes a job that exists, and a job just added is not failed yet: so which jobs are
  // failed is asked beside the add, not after it.
  const [jobs, failed] = await Promise.all([
    withinTimeout(
      () =>
        queue.addBulk(
          purchases.map(({ job, traceMetadata: trace }, index) => ({
            name: job.event,
            data: job,
            opts: { jobId: ids[index], ...(trace ? { telemetry: { metadata: trace } } : {}) },
          })),
        ),
      queue,
    ),
    withinTimeout(() => failedAmong(queue, ids), queue),
  ]);
  const jobIds = jobs.map((job, index) => {
    if (job.id === undefined) throw new Error(`The queue gave the ${job.name} job ${ids[index]} no id`);
    return job.id;
  });
  await Promise.all([...new Set(jobIds)].filter((id) => failed.has(id)).map((id) => retryFailed(queue, id)));
  return jobIds;
}

/**
 * Failed purchase jobs that one call lists (a failed job stays until it is retried or removed, and is
 * rare: an unmapped item, an order of no known kind); past this many, each id's state is asked instead.
 */
const FAILED_LISTED_AT_ONCE = 1_000;

/** Which of `ids` are failed jobs: usually one call for the whole batch. */
async function failedAmong(queue: PurchasesQueue, ids: string[]): Promise<Set<string>> {
  const listed = await queue.getRanges(['failed'], 0, FAILED_LISTED_AT_ONCE);
  if (listed.length <= FAILED_LISTED_AT_ONCE) {
    const failed = new Set(listed);
    return new Set(ids.filter((id) => failed.has(id)));
  }
  const states = await Promise.all(ids.map((id) => queue.getJobState(id)));
  return new Set(ids.filter((_, index) => states[index] === 'failed'));
}

/** A purchase event to queue, and the trace it continues when not the caller's (see traceMetadata). */
export type QueuedPurchase = { job: PurchaseJob; traceMetadata?: string };

/** Queues one purchase event (see enqueuePurchases); resolves to its job id. */
export async function enqueuePurchase(queue: PurchasesQueue, job: PurchaseJob): Promise<string> {
  const [jobId] = await enqueuePurchases(queue, [{ job }]);
  if (jobId === undefined) throw new Error('The queue gave the purchase job no id');
  return jobId;
}

/**
 * Queues purchase events as they come, those of concurrent callers together (createBatcher): in a burst
 * of webhooks, one addBulk per batch rather than one add per order. Made once, with the routes.
 */
export function purchaseEnqueuer(queue: PurchasesQueue): (job: PurchaseJob) => Promise<string> {
  const enqueue = createBatcher((purchases: QueuedPurchase[]) => enqueuePurchases(queue, purchases), {
    maxInFlight: 2,
    maxBatchSize: 100,
  });
  // Each webhook's trace shows its wait for the queue, and its job continues from there; the batch's own
  // queue calls appear in the trace of the request that started the batch, as with every batcher.
  return (job) => inSpan('queue purchase', {}, () => enqueue({ job, traceMetadata: traceMetadata() }));
}

/** Runs a failed job again with fresh attempts, unless someone else (an admin, a delivery) just did. */
async function retryFailed(queue: PurchasesQueue, jobId: string): Promise<void> {
  await withinTimeout(async () => {
    const failed = await queue.getJob(jobId);
    await failed
      ?.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true })
      .catch(async (error) => {
        if ((await queue.getJobState(jobId)) === 'failed') throw error;
      });
  }, queue);
}
