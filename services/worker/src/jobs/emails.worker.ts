import type { EmailDeps } from '../deps.ts';
import { sendEmailJob, type EmailOutcome } from '../domain/emails.processor.ts';
import { EMAILS_QUEUE, type EmailJob } from '../queues.ts';
import { startWorker, type WorkerConnection } from './start-worker.ts';

const CONCURRENCY = 4;

export function startEmailsWorker(deps: WorkerConnection & EmailDeps) {
  return startWorker<EmailJob, EmailOutcome>(
    EMAILS_QUEUE,
    { ...deps, concurrency: CONCURRENCY },
    async (data, log) => {
      try {
        const outcome = await sendEmailJob(deps, data, log);
        if ('sent' in outcome) deps.metrics.emailsSent.inc({ template: outcome.sent });
        return outcome;
      } catch (error) {
        deps.metrics.emailsFailed.inc({ template: data.template });
        throw error;
      }
    },
  );
}
