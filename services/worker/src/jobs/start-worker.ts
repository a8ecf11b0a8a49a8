import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Logger } from '@sleep-ritual/platform/logger';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import type { JobMetrics } from '@sleep-ritual/jobs/queue-metrics';
import { retryDelayMs, type RetryPolicy } from '@sleep-ritual/jobs/purchases';
import type { JobOrigin } from '@sleep-ritual/jobs/producer';

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
    /**
     * What a completed job keeps of its data, for as long as the queue keeps the job: the buyer's
     * address is dropped once it did its work. Undefined: the data is kept as it is.
     */
    keptOnceDone?: (data: Data) => Data | undefined;
  },
  process: (data: Data, log: Logger, job: Job<Data, Result>) => Promise<Result>,
): Worker<Data, Result> {
  const { queues, logger, metrics, concurrency, retry, keptOnceDone } = options;
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
    const kept = keptOnceDone?.(job.data);
    // A job removed on completion has nothing left to rewrite.
    if (kept)
      void job.updateData(kept).catch((error: Error) => {
        if (!/missing key|not exist/i.test(error.message))
          logger.warn(
            { queue: queueName, jobId: job.id, err: error.message },
            'could not drop the personal data of a completed job',
          );
      });
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

/** The request that queued the job, for its log lines (see JobOrigin). */
function originOf(job: Job): JobOrigin {
  const requestId = (job.data as JobOrigin | null)?.requestId;
  return typeof requestId === 'string' ? { requestId } : {};
}
