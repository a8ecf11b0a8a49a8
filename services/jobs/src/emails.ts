import { createHash, randomUUID } from 'node:crypto';
import type { DefaultJobOptions, JobsOptions } from 'bullmq';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { addOrUnavailable, DAY_SECONDS, openQueue, type JobOrigin, type ProducerQueue } from './producer.ts';

/** Every e-mail of the product, queued by the services and the worker itself, sent by the worker. */
export const EMAILS_QUEUE = 'emails';

export type EmailJob = (
  | { template: 'create-account'; userId: number; orderId: string }
  | { template: 'password-reset'; userId: number }
  | { template: 'sign-in-link'; userId: number }
  /** To SUPPORT_EMAIL: an order waits on a mapping of these items. */
  | { template: 'unmapped-item'; orderId: string; items: string[]; buyerEmail: string | null }
  /** The learner's nightly reminder of `localDate` (in their zone), due at `dueAt` (ISO). */
  | BedtimeReminderJob
) &
  JobOrigin;

export type BedtimeReminderJob = {
  template: 'bedtime-reminder';
  userId: number;
  localDate: string;
  dueAt: string;
};

export type EmailsQueue = ProducerQueue<EmailJob>;

const emailJobDefaults: DefaultJobOptions = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 30 * DAY_SECONDS },
  removeOnFail: false,
};

/**
 * What a sent e-mail's job keeps while the queue keeps it (a month, so that its id stops a second
 * one): support's notice of an order waiting on a mapping drops the buyer's address, which the notice
 * itself carried; the other jobs name a member by id only.
 */
export function emailJobOnceDone(job: EmailJob): EmailJob | undefined {
  return job.template === 'unmapped-item' && job.buyerEmail !== null
    ? { ...job, buyerEmail: null }
    : undefined;
}

export const createEmailsQueue = (backend: QueueBackend): EmailsQueue =>
  openQueue<EmailJob>(backend, EMAILS_QUEUE, emailJobDefaults);

/**
 * A reminder e-mail leaves Redis once sent: the database's record of each night sent (not a kept job
 * id) is what stops a second one, so 50,000 learners a night add nothing that lingers in Redis.
 */
export const reminderEmailOptions = (job: BedtimeReminderJob): JobsOptions => ({
  jobId: `bedtime-reminder-${job.userId}-${job.localDate}`,
  removeOnComplete: true,
  removeOnFail: { age: 7 * DAY_SECONDS },
});

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
