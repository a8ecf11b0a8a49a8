import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { createMetricsRegistry } from '@sleep-ritual/platform/metrics';
import type { QueueBackend } from '@sleep-ritual/platform/queue-backend';
import { createTestDeps, eventually, statementsDuring, uniqueEmail } from '@sleep-ritual/platform/testing';
import { startEmailsWorker } from '../src/consumers.ts';
import { claimEmailSend, confirmEmailSends, releaseEmailSend, SEND_LEASE_MS } from '../src/data/emails.ts';
import { createMailer, type Mailer } from '../src/mail/mailer.ts';
import { readOutbox } from '../src/outbox.ts';
import { jobMetrics } from '@sleep-ritual/jobs/queue-metrics';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

// After a PostgreSQL outage in the PostgreSQL-only mode, buyers got the create-account e-mail twice: a
// job that had sent lost its lock or its completion while the store was away, and ran again. Each
// e-mail job now sends once however often it runs (on Redis and on PostgreSQL alone).
const deps = createTestDeps();
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let outboxDir: string;
let programId: number;
const refusals = { left: 0 };
let worker: ReturnType<typeof startEmailsWorker>;
let workerBackend: QueueBackend;
const metrics = jobMetrics(createMetricsRegistry());
/** What a counter of the worker has counted so far, over all its labels. */
const counted = async (counter: { get(): Promise<{ values: { value: number }[] }> }) =>
  (await counter.get()).values.reduce((sum, { value }) => sum + value, 0);

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(tmpdir(), 'email-once-'));
  ({ programId } = await createMappedProgram(deps.db));
  const prefix = uniqueQueuePrefix('email-once');
  queues = await openTestQueues(deps.config, prefix);
  // The worker's own connection, as the worker process has: it waits for the store, never fails fast.
  workerBackend = createQueueBackend(deps.config, prefix, { failFast: false });
  const outbox = createMailer({ ...deps.config, smtpUrl: undefined, outboxDir }, deps.logger);
  // A mail server that refuses the next `refusals.left` messages.
  const mailer: Mailer = {
    async send(message) {
      if (refusals.left > 0) {
        refusals.left -= 1;
        throw new Error('421 try again later');
      }
      await outbox.send(message);
    },
    close: () => outbox.close(),
  };
  worker = startEmailsWorker({
    concurrency: 1,
    queues: workerBackend,
    logger: deps.logger,
    metrics,
    db: deps.db,
    config: deps.config,
    mailer,
  });
});
afterAll(async () => {
  await worker?.close();
  await workerBackend?.close();
  await queues?.dispose();
  await rm(outboxDir, { recursive: true, force: true });
  await deps.close();
});

async function buyer() {
  const email = uniqueEmail('once');
  const [user] = await deps.db('users').insert({ email, firstName: 'Maya' }).returning('id');
  const orderId = `O${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  await deps
    .db('purchases')
    .insert({ userId: user.id, programId, thriveOrderId: orderId, status: 'completed' });
  return { userId: user.id as number, email, orderId };
}

const mailsTo = async (email: string) => (await readOutbox(outboxDir)).filter((mail) => mail.to === email);

async function completed(jobId: string) {
  await eventually(async () => (await (await queues.emails.getJob(jobId))?.getState()) === 'completed', {
    what: `e-mail job ${jobId} to complete`,
    timeoutMs: 15_000,
  });
  return (await queues.emails.getJob(jobId))!;
}

/** Waits for the worker to mark the job's send as sent (it writes the marks every tenth of a second). */
const sentRecorded = (jobKey: string) =>
  eventually(
    async () => (await deps.db('email_sends').where({ jobKey }).first('sentAt'))?.sentAt instanceof Date,
    { what: `the send of ${jobKey} to be marked sent` },
  );

describe('an e-mail job that runs again after it sent', () => {
  it('claims the sends of concurrent jobs in one statement, each as its own, one job only once', async () => {
    const key = (name: string) => `emails:${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const [first, second, sentBefore, twice] = ['first', 'second', 'sent-before', 'twice'].map(key);
    const earlier = await claimEmailSend(deps.db, sentBefore!);
    if (earlier.state !== 'claimed') throw new Error(`The first claim found ${earlier.state}`);
    expect(await confirmEmailSends(deps.db, [{ jobKey: sentBefore!, claimId: earlier.claimId }])).toEqual([
      true,
    ]);
    const { result: claims, statements } = await statementsDuring(deps.db, () =>
      Promise.all(
        [first, second, sentBefore, twice, twice].map((jobKey) => claimEmailSend(deps.db, jobKey!)),
      ),
    );

    expect(claims.map((claim) => claim.state)).toEqual(['claimed', 'claimed', 'sent', 'claimed', 'sending']);
    // The second claim of one job waits for the first one's statement, and goes in one of its own.
    expect(statements.filter((sql) => sql.startsWith('insert into email_sends'))).toHaveLength(2);
  });

  it('sends the create-account e-mail once when the job runs a second time', async () => {
    const { userId, email, orderId } = await buyer();
    const jobId = await enqueueEmail(queues.emails, { template: 'create-account', userId, orderId });
    const first = await completed(jobId);
    expect(await mailsTo(email)).toHaveLength(1);
    const firstFinished = first.finishedOn!;
    // Its send is marked sent, off the job's path, within moments of the completion.
    await sentRecorded(`${queues.emails.qualifiedName}:${jobId}`);

    // The job's completion was lost (the store went away just after it sent): it is run again.
    await first.retry('completed');
    await eventually(
      async () => {
        const again = await queues.emails.getJob(jobId);
        return (await again?.getState()) === 'completed' && (again?.finishedOn ?? 0) > firstFinished;
      },
      { what: 'the second run to complete', timeoutMs: 15_000 },
    );
    const again = await queues.emails.getJob(jobId);
    expect(again?.returnvalue).toEqual({ skipped: 'sent by an earlier run of this job' });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends once the claim of a run that never sent is older than the lease, and not before', async () => {
    const { userId, email, orderId } = await buyer();
    // A run claimed the send and stopped before the message left (the worker was killed, say).
    const jobKey = `${queues.emails.qualifiedName}:create-account-${orderId}`;
    const gone = await claimEmailSend(deps.db, jobKey);
    if (gone.state !== 'claimed') throw new Error(`The first claim found ${gone.state}`);
    const failuresBefore = {
      failed: await counted(metrics.failed),
      retried: await counted(metrics.retried),
      emailsFailed: await counted(metrics.emailsFailed),
    };
    const jobId = await enqueueEmail(queues.emails, { template: 'create-account', userId, orderId });
    expect(jobId).toBe(`create-account-${orderId}`);

    // Within the lease that run may still be sending: the job waits for the lease's end, spending no
    // attempt, and sends nothing.
    await eventually(async () => (await (await queues.emails.getJob(jobId))?.getState()) === 'delayed', {
      what: 'the job to wait for the claim',
      timeoutMs: 15_000,
    });
    const waiting = (await queues.emails.getJob(jobId))!;
    expect(waiting.attemptsMade).toBe(0);
    // Waiting on another run is no failure: neither the queue's nor the e-mails' counters count it.
    expect({
      failed: await counted(metrics.failed),
      retried: await counted(metrics.retried),
      emailsFailed: await counted(metrics.emailsFailed),
    }).toEqual(failuresBefore);
    expect(waiting.timestamp + waiting.delay).toBeGreaterThan(Date.now() + SEND_LEASE_MS - 60_000);
    expect(await mailsTo(email)).toHaveLength(0);

    // Past the lease, that run is gone: the job's next run sends the e-mail, and confirms it.
    await deps
      .db('email_sends')
      .where({ jobKey })
      .update({ claimedAt: deps.db.raw(`now() - make_interval(secs => ?)`, [SEND_LEASE_MS / 1000 + 1]) });
    await waiting.promote();
    const sent = await completed(jobId);
    expect(sent.returnvalue).toEqual({ sent: 'create-account', userId });
    expect(await mailsTo(email)).toHaveLength(1);
    await sentRecorded(jobKey);

    // The run that was taken for gone can neither undo nor confirm the claim of the run that sent.
    await releaseEmailSend(deps.db, { jobKey, claimId: gone.claimId });
    expect(await confirmEmailSends(deps.db, [{ jobKey, claimId: gone.claimId }])).toEqual([false]);
    expect(await deps.db('email_sends').where({ jobKey }).first('sentAt')).toEqual({
      sentAt: expect.any(Date),
    });
  });

  it('still sends on a retry when the mail server refused the first try', async () => {
    const { userId, email, orderId } = await buyer();
    refusals.left = 1;
    const jobId = await enqueueEmail(queues.emails, { template: 'create-account', userId, orderId });
    await eventually(async () => (await mailsTo(email)).length === 1, {
      what: 'the retried e-mail to arrive',
      timeoutMs: 15_000,
    });
    const job = await queues.emails.getJob(jobId);
    expect(job?.attemptsMade).toBeGreaterThanOrEqual(1);
    expect(refusals.left).toBe(0);
  });

  it('sends a resent create-account e-mail, a job of its own, once more', async () => {
    const { userId, email, orderId } = await buyer();
    await enqueueEmail(queues.emails, { template: 'create-account', userId, orderId });
    await eventually(async () => (await mailsTo(email)).length === 1, { what: 'the first e-mail' });
    await enqueueEmail(queues.emails, { template: 'create-account', userId, orderId }, { resend: true });
    await eventually(async () => (await mailsTo(email)).length === 2, { what: 'the resent e-mail' });
  });
});

describe("the e-mails worker's close", () => {
  it('marks sent what its jobs sent, without waiting for the next write', async () => {
    // Each part is put away once the test ends, whatever fails first.
    const prefix = uniqueQueuePrefix('email-close');
    const closing = await openTestQueues(deps.config, prefix);
    onTestFinished(() => closing.dispose());
    const backend = createQueueBackend(deps.config, prefix, { failFast: false });
    onTestFinished(() => backend.close());
    const closingOutbox = await mkdtemp(path.join(tmpdir(), 'email-close-'));
    onTestFinished(() => rm(closingOutbox, { recursive: true, force: true }));
    const mailer = createMailer(
      { ...deps.config, smtpUrl: undefined, outboxDir: closingOutbox },
      deps.logger,
    );
    onTestFinished(() => mailer.close());
    // Its marks would wait an hour for their write: only the close can write this one.
    const closingWorker = startEmailsWorker({
      concurrency: 1,
      queues: backend,
      logger: deps.logger,
      metrics,
      db: deps.db,
      config: deps.config,
      mailer,
      confirmEveryMs: 60 * 60 * 1000,
    });
    onTestFinished(() => closingWorker.close());

    const { userId, email, orderId } = await buyer();
    const jobId = await enqueueEmail(closing.emails, { template: 'create-account', userId, orderId });
    await eventually(async () => (await (await closing.emails.getJob(jobId))?.getState()) === 'completed', {
      what: `e-mail job ${jobId} to complete`,
      timeoutMs: 15_000,
    });
    expect((await readOutbox(closingOutbox)).filter((mail) => mail.to === email)).toHaveLength(1);
    const jobKey = `${closing.emails.qualifiedName}:${jobId}`;
    expect(await deps.db('email_sends').where({ jobKey }).first('sentAt')).toEqual({ sentAt: null });

    await closingWorker.close();
    expect(await deps.db('email_sends').where({ jobKey }).first('sentAt')).toEqual({
      sentAt: expect.any(Date),
    });
  });
});
