import type { Queue } from 'bullmq';
import { Counter, Gauge } from 'prom-client';
import type { Registry } from '@sleep-ritual/platform/metrics';

/**
 * The queues' Prometheus series: how many jobs each queue holds (read from Redis at each scrape), and
 * what the worker did with them. Served at `GET /metrics` beside the shared series of
 * `@sleep-ritual/platform/metrics`.
 */

const DEPTH_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** A scrape must not hang on a Redis that does not answer: the depth series are left out instead. */
const DEPTH_TIMEOUT_MS = 2_000;

/**
 * `queue_jobs{queue,state}`: jobs waiting, running, delayed (retries waiting for their backoff) and
 * failed for good, per queue. Absent while Redis does not answer.
 */
export function queueDepthMetrics(registry: Registry, queues: readonly Queue[]): void {
  new Gauge({
    name: 'queue_jobs',
    help: 'Jobs in each queue by state (waiting, active, delayed, failed), read from Redis at each scrape.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const counts = await Promise.all(queues.map((queue) => jobCounts(queue)));
      this.reset();
      queues.forEach((queue, index) => {
        const found = counts[index];
        if (!found) return;
        for (const state of DEPTH_STATES) this.set({ queue: queue.name, state }, found[state] ?? 0);
      });
    },
  });
}

async function jobCounts(queue: Queue): Promise<Record<string, number> | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), DEPTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([queue.getJobCounts(...DEPTH_STATES).catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The counters the worker's consumers keep. */
export type JobMetrics = ReturnType<typeof jobMetrics>;

export function jobMetrics(registry: Registry) {
  const counter = <Label extends string>(name: string, help: string, label: Label) =>
    new Counter({ name, help, labelNames: [label], registers: [registry] });
  return {
    completed: counter('queue_jobs_completed_total', 'Jobs this worker completed, per queue.', 'queue'),
    failed: counter(
      'queue_jobs_failed_total',
      'Jobs that failed for good (no attempt left, or they can never succeed) and stay in the failed list, per queue.',
      'queue',
    ),
    retried: counter(
      'queue_jobs_retried_total',
      'Failed attempts that will be retried after a backoff, per queue.',
      'queue',
    ),
    emailsSent: counter(
      'emails_sent_total',
      'E-mails handed to SMTP (or written to the outbox), by template.',
      'template',
    ),
    emailsFailed: counter(
      'emails_failed_total',
      'Attempts to send an e-mail that failed (each is retried, 10 attempts in all), by template.',
      'template',
    ),
  };
}
