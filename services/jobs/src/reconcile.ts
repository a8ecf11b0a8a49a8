import type { DefaultJobOptions } from 'bullmq';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { addOrUnavailable, openQueue, type ProducerQueue } from './producer.ts';

/** Reconciliation with ThriveCart's API: a repeatable job, and runs an admin asks for. */
export const RECONCILE_QUEUE = 'reconcile';

export type ReconcileJob = { reason: 'schedule' | 'admin' };

export type ReconcileQueue = ProducerQueue<ReconcileJob>;

/** How often the repeatable reconciliation runs. */
export const RECONCILE_EVERY_MINUTES = 15;
const RECONCILE_SCHEDULER = 'reconcile-thrivecart';

const reconcileJobDefaults: DefaultJobOptions = {
  // A failed run is not retried: the next one starts from the same checkpoint.
  attempts: 1,
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 100 },
};

export const createReconcileQueue = (backend: QueueBackend): ReconcileQueue =>
  openQueue<ReconcileJob>(backend, RECONCILE_QUEUE, reconcileJobDefaults);

/** The repeatable run every RECONCILE_EVERY_MINUTES (idempotent: one scheduler, however often set). */
export async function scheduleReconciliation(queue: ReconcileQueue): Promise<void> {
  await queue.upsertJobScheduler(
    RECONCILE_SCHEDULER,
    { every: RECONCILE_EVERY_MINUTES * 60_000 },
    { name: 'reconcile', data: { reason: 'schedule' }, opts: { telemetry: { omitContext: true } } },
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
      // A run is a trace of its own, however it was asked for.
      telemetry: { omitContext: true },
    },
  );
}
