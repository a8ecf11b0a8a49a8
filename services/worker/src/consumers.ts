import { DelayedError, UnrecoverableError } from 'bullmq';
import type { Knex } from 'knex';
import { Registry } from 'prom-client';
import type { Config } from '@sleep-ritual/platform/config';
import type { ReconciliationFindings } from '@sleep-ritual/contracts/admin-members';
import type { EmailDeps, PurchaseDeps, WorkerDeps } from './deps.ts';
import { SendInProgress, sendEmailJob, type EmailOutcome } from './domain/emails.processor.ts';
import { sendConfirmations } from './domain/send-confirmations.ts';
import { processPurchase, type PurchaseOutcome } from './domain/purchases.processor.ts';
import { reconcile } from './domain/reconcile.ts';
import { sweepDueReminders, type SweepOutcome } from './domain/reminders.ts';
import { dropOnceDone, startWorker, type DropOnceDone, type WorkerConnection } from './jobs/start-worker.ts';
import { createMailer } from './mail/mailer.ts';
import { deletedAccountOrders } from '@sleep-ritual/auth/deleted-accounts';
import { orderForgetter } from '@sleep-ritual/jobs/forget-orders';
import { jobMetrics, queueDepthMetrics } from '@sleep-ritual/jobs/queue-metrics';
import {
  createEmailsQueue,
  EMAILS_QUEUE,
  emailJobOnceDone,
  type EmailJob,
  type EmailsQueue,
} from '@sleep-ritual/jobs/emails';
import {
  createPurchasesQueue,
  PURCHASE_RETRY,
  PURCHASES_QUEUE,
  purchaseJobOnceDone,
  type PurchaseJob,
  type PurchasesQueue,
  type RetryPolicy,
} from '@sleep-ritual/jobs/purchases';
import {
  createReconcileQueue,
  RECONCILE_QUEUE,
  scheduleReconciliation,
  unscheduleReconciliation,
  type ReconcileJob,
} from '@sleep-ritual/jobs/reconcile';
import {
  createRemindersQueue,
  REMINDERS_QUEUE,
  scheduleReminderSweep,
  type ReminderSweepJob,
} from '@sleep-ritual/jobs/reminders';
import { createPacer, thrivecartApi, THRIVECART_RATE } from '@sleep-ritual/thrivecart/api-client';

/**
 * The queue consumers on the worker's queue backend (whose Redis connection, if any, must wait for Redis
 * rather than fail: `createBackends(…, { failFast: false })`). close() stops taking jobs and waits
 * for the ones in hand to finish. With THRIVECART_API_KEY set, reconciliation with ThriveCart is
 * scheduled every 15 minutes (and unscheduled when the key is removed), one run at a time however many
 * worker processes there are; the bedtime reminders' sweep runs every minute. The queues' depth and the
 * consumers' counters go to `registry` (served at the worker's `GET /metrics`). `purchaseRetry` and
 * `reconcileRate` shorten the purchases' backoff and the API pacing, and `clock` moves the reminders'
 * time, for tests only.
 */
export function startConsumers(
  deps: WorkerDeps,
  options: {
    registry?: Registry;
    purchaseRetry?: RetryPolicy;
    reconcileRate?: { requests: number; perMs: number };
    clock?: () => Date;
  } = {},
) {
  const { config, logger, db, backends } = deps;
  const clock = options.clock ?? (() => new Date());
  const emails = createEmailsQueue(backends.queues);
  const purchases = createPurchasesQueue(backends.queues);
  const reconcileQueue = createReconcileQueue(backends.queues);
  const remindersQueue = createRemindersQueue(backends.queues);
  for (const queue of [emails, purchases, reconcileQueue, remindersQueue])
    queue.on('error', (error) => logger.warn({ err: error.message }, `${queue.name} queue error`));
  const mailer = createMailer(config, logger);
  const registry = options.registry ?? new Registry();
  queueDepthMetrics(registry, [purchases, emails, reconcileQueue, remindersQueue]);
  const queueing = { queues: backends.queues, logger, metrics: jobMetrics(registry) };
  const buyersDropped = {
    purchases: dropOnceDone(purchases, purchaseJobOnceDone),
    emails: dropOnceDone(emails, emailJobOnceDone),
  };
  const workers = [
    startPurchasesWorker({
      ...queueing,
      db,
      emails,
      paymentGraceDays: config.paymentGraceDays,
      sessions: backends.sessions,
      retry: options.purchaseRetry,
      dropOnceDone: buyersDropped.purchases,
    }),
    startEmailsWorker({
      ...queueing,
      db,
      config,
      mailer,
      clock,
      concurrency: config.emailConcurrency,
      dropOnceDone: buyersDropped.emails,
    }),
    startReconcileWorker({ ...queueing, db, purchases, config, rate: options.reconcileRate }),
    startRemindersWorker({ ...queueing, db, emails, clock }),
  ];
  // One reconciliation run at a time across every worker process: a scheduled run and a "Check now"
  // that meet wait for each other (and share ThriveCart's rate limit) instead of overlapping.
  const scheduled = Promise.all([
    reconcileQueue
      .setGlobalConcurrency(1)
      .then(() =>
        config.thrivecartApiKey
          ? scheduleReconciliation(reconcileQueue)
          : unscheduleReconciliation(reconcileQueue),
      )
      .catch((error: Error) => logger.error({ err: error.message }, 'reconciliation could not be scheduled')),
    scheduleReminderSweep(remindersQueue).catch((error: Error) =>
      logger.error({ err: error.message }, 'the bedtime reminders could not be scheduled'),
    ),
  ]).then(() => undefined);
  // The buyer's address out of every finished job that still holds it (see dropOnceDone), and out of
  // the unfinished jobs of deleted accounts' orders.
  let closing = false;
  const finishedTidied = Promise.all([
    buyersDropped.purchases.sweep(() => closing),
    buyersDropped.emails.sweep(() => closing),
  ]).then(
    ([orders, notices]) => {
      if (orders + notices > 0)
        logger.info({ orders, notices }, "finished jobs no longer hold the buyer's address");
    },
    (error: Error) =>
      logger.warn(
        { err: error.message },
        "finished jobs still holding a buyer's address were left as they are",
      ),
  );
  const deletedTidied = forgetDeletedAccountsOrders(db, { purchases, emails }, () => closing).then(
    (jobs) => {
      if (jobs > 0) logger.info({ jobs }, "deleted accounts' unfinished jobs no longer hold the address");
    },
    (error: Error) =>
      logger.warn(
        { err: error.message },
        "deleted accounts' unfinished jobs still holding the address were left as they are",
      ),
  );
  const tidied = Promise.all([finishedTidied, deletedTidied]).then(() => undefined);
  return {
    workers,
    /** Resolves once reconciliation runs one at a time, its schedule is set (or removed), and the reminders' sweep is. */
    scheduled,
    /**
     * Resolves once the start-up sweep is over (see dropFromFinishedJobs): done, failed (logged) or cut
     * short by close().
     */
    tidied,
    async close() {
      closing = true;
      await Promise.all(workers.map((worker) => worker.close()));
      await Promise.all([tidied, buyersDropped.purchases.settled(), buyersDropped.emails.settled()]);
      await Promise.all([emails.close(), purchases.close(), reconcileQueue.close(), remindersQueue.close()]);
      mailer.close();
    },
  };
}

/** Unfinished jobs read at a time by forgetDeletedAccountsOrders. */
const UNFINISHED_PAGE = 500;

/**
 * The address out of the failed or retrying jobs of orders whose account was deleted: the deletion does
 * it (deleteAccount), and when the queue store did not answer then, the next start of a worker does.
 * The unfinished jobs are read a page at a time, of one state at a time, only their orders looked up
 * among the tombstones; stops between pages once `stopped()` says so. Answers how many jobs it rewrote.
 */
async function forgetDeletedAccountsOrders(
  db: Knex,
  queues: { purchases: PurchasesQueue; emails: EmailsQueue },
  stopped: () => boolean,
): Promise<number> {
  const deleted = new Set<string>();
  for (const queue of [queues.purchases, queues.emails] as const) {
    for (const type of ['failed', 'delayed'] as const) {
      for (let start = 0; !stopped(); start += UNFINISHED_PAGE) {
        const jobs = await queue.getJobs([type], start, start + UNFINISHED_PAGE - 1);
        const orderIds = new Set(
          jobs.flatMap((job) => {
            const orderId = (job?.data as { orderId?: unknown } | undefined)?.orderId;
            return typeof orderId === 'string' ? [orderId] : [];
          }),
        );
        for (const orderId of await deletedAccountOrders(db, [...orderIds])) deleted.add(orderId);
        if (jobs.length < UNFINISHED_PAGE) break;
      }
    }
  }
  // One rewrite for them all: it reads the unfinished jobs' ids once.
  return deleted.size > 0 && !stopped() ? orderForgetter(queues)([...deleted]) : 0;
}

// Each queue's consumer: its concurrency and what it does around its processor (the work is in domain/).

/** Enough parallel jobs to provision a burst quickly while staying well inside the database pool. */
const PURCHASES_CONCURRENCY = 8;

/**
 * `retry` is the backoff of jobs that failed for a passing reason; tests shorten it, production keeps
 * PURCHASE_RETRY (retries spanning more than a day).
 */
function startPurchasesWorker(
  deps: WorkerConnection & PurchaseDeps & { retry?: RetryPolicy; dropOnceDone?: DropOnceDone<PurchaseJob> },
) {
  return startWorker<PurchaseJob, PurchaseOutcome>(
    PURCHASES_QUEUE,
    { ...deps, concurrency: PURCHASES_CONCURRENCY, retry: deps.retry ?? PURCHASE_RETRY },
    async (data, log) => {
      try {
        return await processPurchase(deps, data, data.test ? log.child({ testOrder: true }) : log);
      } catch (error) {
        throw neverSucceeds(error) ? new UnrecoverableError((error as Error).message) : error;
      }
    },
  );
}

/**
 * Whether PostgreSQL refused the job's data itself, so that retrying cannot help: a data exception
 * (SQLSTATE class 22, e.g. text it cannot store) or an integrity violation (class 23, e.g. a mapping to a
 * programme that no longer exists). Anything else (a connection refused, a timeout, a restart) is a
 * dependency being down, and is retried.
 */
function neverSucceeds(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^(22|23)[0-9A-Z]{3}$/.test(code);
}

/**
 * EMAIL_CONCURRENCY jobs at once, sharing the mailer's pool of SMTP_MAX_CONNECTIONS connections.
 * `confirmEveryMs`: how often the sends are marked sent (tests lengthen it to see the close's write).
 */
export function startEmailsWorker(
  deps: WorkerConnection &
    EmailDeps & { concurrency: number; dropOnceDone?: DropOnceDone<EmailJob>; confirmEveryMs?: number },
) {
  const confirmations = sendConfirmations(deps.db, { everyMs: deps.confirmEveryMs });
  const worker = startWorker<EmailJob, EmailOutcome>(
    EMAILS_QUEUE,
    { ...deps, concurrency: deps.concurrency },
    async (data, log, job) => {
      try {
        // Keyed by the job: one that runs again after it sent (its completion lost) does not send twice.
        const jobKey = `${job.queueQualifiedName}:${job.id}`;
        const outcome = await sendEmailJob(deps, data, log, { jobKey, confirmations });
        if ('sent' in outcome) deps.metrics.emailsSent.inc({ template: outcome.sent });
        return outcome;
      } catch (error) {
        if (error instanceof SendInProgress) {
          log.info({ until: new Date(error.leaseEndsAt).toISOString() }, error.message);
          await job.moveToDelayed(error.leaseEndsAt, job.token);
          throw new DelayedError();
        }
        deps.metrics.emailsFailed.inc({ template: data.template });
        throw error;
      }
    },
  );
  // Closing the worker writes the confirmations of the e-mails its jobs sent.
  const close = worker.close.bind(worker);
  worker.close = async (force?: boolean) => {
    try {
      await close(force);
    } finally {
      await confirmations.settle();
    }
  };
  return worker;
}

/**
 * One run at a time (here, and across worker processes by the queue's global concurrency, which
 * startConsumers sets). The pacer lives as long as the worker, so back-to-back runs (a scheduled one, then
 * "Check now") share ThriveCart's 60 requests a minute; tests pass a faster rate.
 */
function startReconcileWorker(
  deps: WorkerConnection & {
    db: Knex;
    purchases: PurchasesQueue;
    config: Pick<Config, 'thrivecartApiKey' | 'thrivecartApiUrl' | 'acceptTestOrders'>;
    rate?: { requests: number; perMs: number };
  },
) {
  const pace = createPacer(deps.rate ?? THRIVECART_RATE);
  const apiKey = deps.config.thrivecartApiKey;
  return startWorker<ReconcileJob, ReconciliationFindings>(
    RECONCILE_QUEUE,
    { ...deps, concurrency: 1 },
    async (_data, log) => {
      if (!apiKey) throw new Error('THRIVECART_API_KEY is not set');
      const api = thrivecartApi({ baseUrl: deps.config.thrivecartApiUrl, apiKey, pace });
      return reconcile(
        { db: deps.db, purchases: deps.purchases, api, acceptTestOrders: deps.config.acceptTestOrders },
        log,
      );
    },
  );
}

/**
 * The bedtime reminders' sweep, one at a time per process. Several worker processes may each take a
 * sweep; they share the due reminders between them (see lockDueReminders). `clock` is the time the
 * sweep is run for (tests move it).
 */
function startRemindersWorker(deps: WorkerConnection & { db: Knex; emails: EmailsQueue; clock: () => Date }) {
  return startWorker<ReminderSweepJob, SweepOutcome>(REMINDERS_QUEUE, { ...deps, concurrency: 1 }, () =>
    sweepDueReminders(deps, deps.clock()),
  );
}
