import { createHash, randomUUID } from 'node:crypto';
import type { DefaultJobOptions, JobsOptions } from 'bullmq';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { addOrUnavailable, DAY_SECONDS, openQueue, type JobOrigin, type ProducerQueue } from './producer.ts';

/** Every e-mail of the product, queued by the services and the worker itself, sent by the worker. */
export const EMAILS_QUEUE = 'emails';

export type EmailJob = (
  | OrderEmailJob
  | { template: 'password-reset'; userId: number }
  | { template: 'sign-in-link'; userId: number }
  /** To SUPPORT_EMAIL: an order waits on a mapping of these items. */
  | { template: 'unmapped-item'; orderId: string; items: string[]; buyerEmail: string | null }
  /** The learner's nightly reminder of `localDate` (in their zone), due at `dueAt` (ISO). */
  | BedtimeReminderJob
) &
  JobOrigin;

/**
 * After an order is provisioned: the create-account link, or "now in your account". `programIds`: every
 * programme the order names once provisioned, which name the mail (orderEmailJobId).
 */
export type OrderEmailJob = {
  template: 'create-account';
  userId: number;
  orderId: string;
  programIds?: number[];
};

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

/** A digest of a set of values, short enough for a job id. */
function digestOf(values: readonly (string | number)[]): string {
  return createHash('sha256')
    .update([...values].map(String).sort().join(','))
    .digest('hex')
    .slice(0, 12);
}

/**
 * The id of an order's e-mail: one per order and set of programmes provisioned, so a redelivered or
 * retried order mails nothing new, while an upsell accepted on the same order, or an item provisioned
 * once its mapping was added, mails the buyer again.
 */
export function orderEmailJobId(orderId: string, programIds: readonly number[] = []): string {
  return `create-account-${orderId}${programIds.length > 0 ? `-${digestOf(programIds)}` : ''}`;
}

/**
 * Queues an e-mail; resolves to its job id once the queue store holds it, or throws a 503 error
 * (ServiceUnavailableError). An order's mail is sent once per set of programmes provisioned however
 * often it is queued (orderEmailJobId), unless `resend` asks for another one (an admin resending it to
 * a buyer who lost it); every password-reset request sends a new mail with a fresh link; support hears
 * of an order waiting on a mapping once per order and set of unmapped items.
 */
export function enqueueEmail(
  queue: EmailsQueue,
  job: EmailJob,
  options: { resend?: boolean } = {},
): Promise<string> {
  let jobId: string | undefined;
  if (job.template === 'create-account') {
    jobId = options.resend
      ? `create-account-${job.orderId}-resend-${randomUUID()}`
      : orderEmailJobId(job.orderId, job.programIds);
  } else if (job.template === 'unmapped-item') {
    // Once per order and set of items, however often the order is retried or redelivered.
    jobId = `unmapped-item-${job.orderId}-${digestOf(job.items)}`;
  }
  return addOrUnavailable(queue, job.template, job, jobId ? { jobId } : {});
}
