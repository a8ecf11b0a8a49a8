import { createHash, randomUUID } from 'node:crypto';
import { Queue, type DefaultJobOptions, type JobsOptions } from 'bullmq';
import type { Knex } from 'knex';
import type { PurchaseEvent } from '@sleep-ritual/contracts/webhook';
import { ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';

/**
 * The queues the worker consumes and the small producer API other services use. Job data never holds
 * a secret: the worker looks up what it needs (e-mail address, programme titles) and issues tokens
 * itself. See README.md beside this folder.
 */

export const PURCHASES_QUEUE = 'purchases';
export const EMAILS_QUEUE = 'emails';
/** Reconciliation with ThriveCart's API: a repeatable job, and runs an admin asks for. */
export const RECONCILE_QUEUE = 'reconcile';
/** The sweep that queues the bedtime reminders due: one repeatable job, whatever the number of learners. */
export const REMINDERS_QUEUE = 'reminders';

export type PurchaseJob = PurchaseEvent;

export type EmailJob =
  | { template: 'create-account'; userId: number; orderId: string }
  | { template: 'password-reset'; userId: number }
  | { template: 'sign-in-link'; userId: number }
  /** To SUPPORT_EMAIL: an order waits on a mapping of these items. */
  | { template: 'unmapped-item'; orderId: string; items: string[]; buyerEmail: string | null }
  /** The learner's nightly reminder of `localDate` (in their zone), due at `dueAt` (ISO). */
  | BedtimeReminderJob;

export type BedtimeReminderJob = {
  template: 'bedtime-reminder';
  userId: number;
  localDate: string;
  dueAt: string;
};

export type ReconcileJob = { reason: 'schedule' | 'admin' };
export type ReminderSweepJob = { reason: 'schedule' | 'request' };

export type PurchasesQueue = Queue<PurchaseJob>;
export type ReconcileQueue = Queue<ReconcileJob>;
export type EmailsQueue = Queue<EmailJob>;
export type RemindersQueue = Queue<ReminderSweepJob>;

const DAY_SECONDS = 24 * 60 * 60;

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

const emailJobDefaults: DefaultJobOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 30 * DAY_SECONDS },
  removeOnFail: false,
};

/** How often the repeatable reconciliation runs. */
export const RECONCILE_EVERY_MINUTES = 15;
const RECONCILE_SCHEDULER = 'reconcile-thrivecart';

const reconcileJobDefaults: DefaultJobOptions = {
  // A failed run is not retried: the next one starts from the same checkpoint.
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 100 },
};

/** How often the sweep looks for bedtime reminders that are due. */
export const REMINDER_SWEEP_EVERY_MS = 60_000;
const REMINDER_SCHEDULER = 'bedtime-reminders-sweep';

const reminderSweepDefaults: DefaultJobOptions = {
  // A failed sweep is not retried: the next one, a minute later, finds the same reminders still due.
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 100 },
};

/**
 * A reminder e-mail leaves Redis once sent: the database's record of each night sent (not a kept job
 * id) is what stops a second one, so 50,000 learners a night add nothing that lingers in Redis.
 */
export const reminderEmailOptions = (job: BedtimeReminderJob): JobsOptions => ({
  jobId: `bedtime-reminder-${job.userId}-${job.localDate}`,
  removeOnComplete: true,
  removeOnFail: { age: 7 * DAY_SECONDS },
});

/** How long a producer waits for the queue store before it gives up and answers 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;

const backends = new WeakMap<Queue, QueueBackend>();

function openQueue<Data>(backend: QueueBackend, name: string, defaultJobOptions: DefaultJobOptions) {
  const queue = backend.queue<Data>(name, { defaultJobOptions });
  backends.set(queue as Queue, backend);
  return queue;
}

/**
 * The queues live in the queue store the backend names (Redis, or PostgreSQL without Redis). A producer
 * on a request path should use a backend on a fail-fast connection (the services' own, from
 * createBackends) so that an outage is an immediate 503 instead of a hanging request.
 */
export const createPurchasesQueue = (backend: QueueBackend): PurchasesQueue =>
  openQueue(backend, PURCHASES_QUEUE, purchaseJobDefaults);

export const createEmailsQueue = (backend: QueueBackend): EmailsQueue =>
  openQueue(backend, EMAILS_QUEUE, emailJobDefaults);

export const createReconcileQueue = (backend: QueueBackend): ReconcileQueue =>
  openQueue(backend, RECONCILE_QUEUE, reconcileJobDefaults);

export const createRemindersQueue = (backend: QueueBackend): RemindersQueue =>
  openQueue(backend, REMINDERS_QUEUE, reminderSweepDefaults);

/** The sweep every REMINDER_SWEEP_EVERY_MS (idempotent: one scheduler, however many workers set it). */
export async function scheduleReminderSweep(queue: RemindersQueue): Promise<void> {
  await queue.upsertJobScheduler(
    REMINDER_SCHEDULER,
    { every: REMINDER_SWEEP_EVERY_MS },
    { name: 'sweep', data: { reason: 'schedule' } },
  );
}

/** The repeatable run every RECONCILE_EVERY_MINUTES (idempotent: one scheduler, however often set). */
export async function scheduleReconciliation(queue: ReconcileQueue): Promise<void> {
  await queue.upsertJobScheduler(
    RECONCILE_SCHEDULER,
    { every: RECONCILE_EVERY_MINUTES * 60_000 },
    { name: 'reconcile', data: { reason: 'schedule' } },
  );
}

export async function unscheduleReconciliation(queue: ReconcileQueue): Promise<void> {
  await queue.removeJobScheduler(RECONCILE_SCHEDULER);
}

/**
 * An admin's "Check now": a run queued at once, unless one asked for is still waiting or running (BullMQ
 * deduplication lasts until that job finishes). Or a 503 error.
 */
export function requestReconciliation(queue: ReconcileQueue): Promise<string> {
  return addOrUnavailable(
    queue,
    'reconcile',
    { reason: 'admin' as const },
    {
      deduplication: { id: 'reconcile-check-now' },
    },
  );
}

/**
 * The job id of a purchase event: event, order id and a digest of the items (and, for a refund, of the
 * refunded item). A redelivered webhook gets the same id, so BullMQ keeps the one job; two upsells
 * accepted on one order differ by their items, two item refunds of one order by the refunded item.
 */
export function purchaseJobId(job: PurchaseJob): string {
  const refunded = job.refund?.scope === 'item' ? `|refund:${job.refund.item}` : '';
  const digest = createHash('sha256')
    .update([...job.items].sort().join(',') + refunded + (job.plan ? planEventKey(job) : ''))
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
function planEventKey(job: PurchaseJob): string {
  const plan = job.plan!;
  const when = plan.at ?? (job.invoiceId ? '' : plan.receivedAt.slice(0, 10));
  return `|plan:${plan.item ?? 'order'}|${job.invoiceId ?? ''}|${when}`;
}

/**
 * Queues a purchase event; resolves to its job id once the queue store holds it, or throws a 503 error. A
 * redelivered event meets its own job: a completed or running one is left alone (processing is
 * idempotent anyway), a failed one is run again with fresh attempts, and one that was removed is simply
 * queued anew. So redelivering an order that was lost to an outage, or whose item lacked a mapping, is
 * how it gets provisioned.
 */
export async function enqueuePurchase(queue: PurchasesQueue, job: PurchaseJob): Promise<string> {
  const jobId = await addOrUnavailable(queue, job.event, job, { jobId: purchaseJobId(job) });
  await withinTimeout(async () => {
    if ((await queue.getJobState(jobId)) !== 'failed') return;
    const failed = await queue.getJob(jobId);
    await failed
      ?.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true })
      .catch(async (error) => {
        // Retried by someone else meanwhile (an admin, another delivery): nothing more to do.
        if ((await queue.getJobState(jobId)) === 'failed') throw error;
      });
  }, queue);
  return jobId;
}

/**
 * Queues an e-mail; resolves to its job id once the queue store holds it, or throws a 503 error
 * (ServiceUnavailableError). The create-account mail of an order is sent once however often it is
 * queued, unless `resend` asks for another one (an admin resending it to a buyer who lost it); every
 * password-reset request sends a new mail with a fresh link; support hears of an order waiting on a
 * mapping once per order and set of unmapped items.
 */
export function enqueueEmail(
  queue: EmailsQueue,
  job: EmailJob,
  options: { resend?: boolean } = {},
): Promise<string> {
  let jobId: string | undefined;
  if (job.template === 'create-account') {
    jobId = `create-account-${job.orderId}${options.resend ? `-resend-${randomUUID()}` : ''}`;
  } else if (job.template === 'unmapped-item') {
    // Once per order and set of items, however often the order is retried or redelivered.
    jobId = `unmapped-item-${job.orderId}-${createHash('sha256')
      .update([...job.items].sort().join(','))
      .digest('hex')
      .slice(0, 12)}`;
  }
  return addOrUnavailable(queue, job.template, job, jobId ? { jobId } : {});
}

async function addOrUnavailable<T>(
  queue: Queue<T>,
  name: string,
  data: T,
  options: JobsOptions,
): Promise<string> {
  const job = await withinTimeout(() => (queue as Queue).add(name, data, options), queue as Queue);
  return job.id!;
}

/** Runs a call of a producer, or throws ServiceUnavailableError (503) when the queue store does not answer. */
async function withinTimeout<R>(call: () => Promise<R>, queue: Queue): Promise<R> {
  const unavailable = (cause: unknown) =>
    Object.assign(new ServiceUnavailableError(), { cause, queue: queue.name });
  // A store known to be unreachable means a 503 now, not a wait (the timeout guards the rest).
  if (backends.get(queue)?.reachable() === false) {
    throw unavailable(new Error('the queue store is unreachable'));
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the queue store did not answer within ${ENQUEUE_TIMEOUT_MS} ms`)),
      ENQUEUE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (error) {
    throw unavailable(error);
  } finally {
    clearTimeout(timer);
  }
}

/** A test-mode order the receiver acknowledged and ignored (ACCEPT_TEST_ORDERS is false). */
export type IgnoredTestOrder = { orderId: string; email: string | null; event: string; receivedAt: string };

/** The most recent ignored test orders kept for the back office's Orders screen. */
const IGNORED_TEST_ORDERS_KEPT = 50;

/**
 * Keeps the ignored test order in a short list (newest first), per queue prefix so systems sharing a
 * database keep their own.
 */
export async function recordIgnoredTestOrder(
  db: Knex,
  prefix: string,
  order: IgnoredTestOrder,
): Promise<void> {
  await db('ignored_test_orders').insert({ queuePrefix: prefix, order: JSON.stringify(order) });
  await db('ignored_test_orders')
    .where({ queuePrefix: prefix })
    .whereNotIn(
      'id',
      db('ignored_test_orders')
        .select('id')
        .where({ queuePrefix: prefix })
        .orderBy('id', 'desc')
        .limit(IGNORED_TEST_ORDERS_KEPT),
    )
    .delete();
}

export async function ignoredTestOrders(db: Knex, prefix: string): Promise<IgnoredTestOrder[]> {
  const rows: { order: IgnoredTestOrder }[] = await db('ignored_test_orders')
    .select('order')
    .where({ queuePrefix: prefix })
    .orderBy('id', 'desc')
    .limit(IGNORED_TEST_ORDERS_KEPT);
  return rows.map((row) => row.order);
}
