import { Job, UnrecoverableError, type Queue, type Worker } from 'bullmq';
import type { Logger } from '@sleep-ritual/platform/logger';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import type { JobMetrics } from '@sleep-ritual/jobs/queue-metrics';
import { retryDelayMs, type RetryPolicy } from '@sleep-ritual/jobs/purchases';
import { replaceJobData, type JobOrigin } from '@sleep-ritual/jobs/producer';

export type WorkerConnection = { queues: QueueBackend; logger: Logger; metrics: JobMetrics };

/**
 * A queue consumer with the settings both queues share. A job whose worker dies (SIGKILL, crash) keeps
 * its lock only for LOCK_MS; the stalled-job check then hands it to a live worker, which is safe because
 * every processor is idempotent.
 */
const LOCK_MS = 10_000;
const STALLED_CHECK_MS = 5_000;

export function startWorker<Data, Result>(
  queueName: string,
  options: WorkerConnection & {
    concurrency: number;
    retry?: RetryPolicy;
    /** What a completed job keeps of its data (see DropOnceDone); without it, all of it. */
    dropOnceDone?: DropOnceDone<Data>;
  },
  process: (data: Data, log: Logger, job: Job<Data, Result>) => Promise<Result>,
): Worker<Data, Result> {
  const { queues, logger, metrics, concurrency, retry, dropOnceDone } = options;
  const worker = queues.worker<Data, Result>(
    queueName,
    (job) =>
      process(
        job.data,
        logger.child({
          queue: queueName,
          jobId: job.id,
          attempt: job.attemptsMade + 1,
          ...originOf(job),
        }),
        job,
      ),
    {
      concurrency,
      lockDuration: LOCK_MS,
      stalledInterval: STALLED_CHECK_MS,
      // A job caught in a few crashes in a row is still retried rather than failed for stalling.
      maxStalledCount: 3,
      // Jobs whose backoff type is not one of BullMQ's own (the purchases' capped exponential) use this.
      ...(retry
        ? { settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, retry) } }
        : {}),
    },
  );
  // Each counter is served from the start, at 0: Prometheus's increase() then sees the first failure too
  // (the PurchaseJobFailed alert, infra/prometheus/alerts.yml).
  for (const counter of [metrics.completed, metrics.failed, metrics.retried])
    counter.inc({ queue: queueName }, 0);
  worker.on('completed', (job) => {
    metrics.completed.inc({ queue: queueName });
    if (dropOnceDone && job.id !== undefined) dropOnceDone.after(job, logger);
  });
  worker.on('failed', (job, error) => {
    const final = !job || error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    const details = {
      queue: queueName,
      jobId: job?.id,
      ...(job ? originOf(job) : {}),
      attemptsMade: job?.attemptsMade,
      err: error.message,
      stack: error.stack,
    };
    (final ? metrics.failed : metrics.retried).inc({ queue: queueName });
    if (final) logger.error(details, 'job failed and is kept in the failed list for inspection');
    else logger.warn(details, 'job failed and will be retried');
  });
  worker.on('error', (error) => logger.error({ queue: queueName, err: error.message }, 'worker error'));
  return worker;
}

/**
 * What a completed job keeps of its data, for as long as the queue keeps the job: `keep` answers the
 * data without the buyer's address once it did its work (undefined: nothing to drop). The rewrite goes
 * through the producer's `queue`, on a connection of its own, so the worker's stays with the jobs in
 * hand; `settled()` waits for the rewrites under way (the worker's close). A rewrite a stop, a crash or
 * an outage interrupts is done at the next start, by `sweep` (dropFromFinishedJobs).
 */
export function dropOnceDone<Data>(queue: Queue<Data>, keep: (data: Data) => Data | undefined) {
  const pending = new Set<Promise<void>>();
  return {
    after(job: Pick<Job<Data>, 'id' | 'name' | 'data'>, logger: Logger) {
      const jobId = job.id;
      const kept = keep(job.data);
      if (!kept || jobId === undefined) return;
      // The stored job as the producer's queue sees it, unread: the rewrite itself says when the job is
      // gone (removed meanwhile: its month is over), so the store is asked once per job, not twice.
      const rewrite = replaceJobData(new Job(queue, job.name, kept, {}, jobId), kept)
        .then(() => undefined)
        .catch((error: Error) =>
          logger.warn(
            { queue: queue.name, jobId, err: error.message },
            'could not drop the personal data of a completed job',
          ),
        )
        .finally(() => pending.delete(rewrite));
      pending.add(rewrite);
    },
    settled: () => Promise.all([...pending]).then(() => undefined),
    sweep: (stopped: () => boolean) => dropFromFinishedJobs(queue, keep, stopped),
  };
}
export type DropOnceDone<Data> = ReturnType<typeof dropOnceDone<Data>>;

/** Completed jobs read at a time by dropFromFinishedJobs. */
const FINISHED_PAGE = 500;

/**
 * Rewrites every completed job of `queue` that still holds what `keep` drops: jobs completed by an
 * earlier version that kept it, or whose rewrite at completion a stop, a crash or an outage of the store
 * interrupted. Run at each start of the worker; stops between pages once `stopped()` says so. Answers
 * how many jobs it rewrote.
 */
async function dropFromFinishedJobs<Data>(
  queue: Queue<Data>,
  keep: (data: Data) => Data | undefined,
  stopped: () => boolean,
): Promise<number> {
  let rewritten = 0;
  for (let start = 0; !stopped(); start += FINISHED_PAGE) {
    const jobs = await queue.getJobs(['completed'], start, start + FINISHED_PAGE - 1, true);
    for (const job of jobs) {
      const kept = keep(job.data);
      if (!kept) continue;
      if (await replaceJobData(job, kept)) rewritten += 1;
    }
    if (jobs.length < FINISHED_PAGE) break;
  }
  return rewritten;
}

/** The request that queued the job, for its log lines (see JobOrigin). */
function originOf(job: Job): JobOrigin {
  const requestId = (job.data as JobOrigin | null)?.requestId;
  return typeof requestId === 'string' ? { requestId } : {};
}
