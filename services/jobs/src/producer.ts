import type { DefaultJobOptions, Job, JobsOptions, Queue } from 'bullmq';
import { ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';

/**
 * What every queue's producer shares: opening a queue on a backend and adding a job within a deadline,
 * or a 503. Job data never holds a secret: the worker looks up what it needs (e-mail address,
 * programme titles) and issues tokens itself. See README.md beside this folder.
 */

/**
 * Where a job came from: the id of the request that queued it (nginx's or the gateway's X-Request-Id),
 * carried into every log line of the job and of the jobs it queues in turn. Never part of a job id.
 */
export type JobOrigin = { requestId?: string };

/**
 * A queue that knows whether its store is reachable (its backend's answer), so a producer refuses at
 * once while the store is known to be down. Still a BullMQ queue for everything else.
 */
export type ProducerQueue<Data> = Queue<Data> & { readonly storeReachable: () => boolean };

export const DAY_SECONDS = 24 * 60 * 60;

/** How long a producer waits for the queue store before it gives up and answers 503. */
const ENQUEUE_TIMEOUT_MS = 3_000;

/**
 * The queues live in the queue store the backend names (Redis, or PostgreSQL without Redis). A producer
 * on a request path should use a backend on a fail-fast connection (the services' own, from
 * createBackends) so that an outage is an immediate 503 instead of a hanging request. Open each queue
 * once, when the process starts, and pass it down.
 */
export function openQueue<Data>(
  backend: QueueBackend,
  name: string,
  defaultJobOptions: DefaultJobOptions,
): ProducerQueue<Data> {
  return Object.assign(backend.queue<Data>(name, { defaultJobOptions }), {
    storeReachable: () => backend.reachable(),
  });
}

/**
 * Replaces a stored job's data; answers false when the job was removed meanwhile (its time in the queue
 * over), which leaves nothing to rewrite.
 */
export async function replaceJobData<Data>(job: Job<Data>, data: Data): Promise<boolean> {
  return job.updateData(data).then(
    () => true,
    (error: Error) => {
      if (/missing key|not exist/i.test(error.message)) return false;
      throw error;
    },
  );
}

/**
 * Rewrites with `keep` the jobs of `orderIds` still in the queue unfinished: failed (kept until someone
 * retries them) or waiting for their next attempt. Every job id of an order holds `-<order id>-` (see
 * purchaseJobId and the unmapped-item notice's), so only those jobs are read. Answers how many it
 * rewrote; throws a 503 error when the queue store does not answer.
 */
export async function rewriteUnfinishedOfOrders<Data>(
  queue: ProducerQueue<Data>,
  orderIds: string[],
  keep: (data: Data) => Data | undefined,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const orders = new Set(orderIds);
  const ids = await withinTimeout(() => queue.getRanges(['failed', 'delayed'], 0, -1), queue);
  let rewritten = 0;
  for (const id of new Set(ids.filter((id) => orderIds.some((orderId) => id.includes(`-${orderId}-`))))) {
    const job = await withinTimeout(() => queue.getJob(id), queue);
    const kept = job && orders.has(orderIdOf(job.data)) ? keep(job.data) : undefined;
    if (job && kept && (await withinTimeout(() => replaceJobData(job, kept), queue))) rewritten += 1;
  }
  return rewritten;
}

/** The order a job's data is about, if any ('' for none). */
function orderIdOf(data: unknown): string {
  const orderId =
    typeof data === 'object' && data !== null ? (data as { orderId?: unknown }).orderId : undefined;
  return typeof orderId === 'string' ? orderId : '';
}

export async function addOrUnavailable<T>(
  queue: ProducerQueue<T>,
  name: string,
  data: T,
  options: JobsOptions,
): Promise<string> {
  const job = await withinTimeout(() => (queue as Queue).add(name, data, options), queue);
  if (job.id === undefined) throw new Error(`The queue gave the ${name} job no id`);
  return job.id;
}

/** Runs a call of a producer, or throws ServiceUnavailableError (503) when the queue store does not answer. */
export async function withinTimeout<R, T>(call: () => Promise<R>, queue: ProducerQueue<T>): Promise<R> {
  const unavailable = (cause: unknown) =>
    Object.assign(new ServiceUnavailableError(), { cause, queue: queue.name });
  // A store known to be unreachable means a 503 now, not a wait (the timeout guards the rest).
  if (!queue.storeReachable()) {
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
