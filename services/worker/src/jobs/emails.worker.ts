import type { EmailDeps } from '../deps.ts';
import { sendEmailJob, type EmailOutcome } from '../domain/emails.processor.ts';
import { EMAILS_QUEUE, type EmailJob } from '../queues.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

const CONCURRENCY = 4;

export function startEmailsWorker(deps: WorkerConnection & EmailDeps) {
  return startWorker<EmailJob, EmailOutcome>(
    EMAILS_QUEUE,
    { ...deps, concurrency: CONCURRENCY },
    (data, log) => sendEmailJob(deps, data, log),
  );
}
