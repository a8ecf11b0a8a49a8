import { runService } from '@sleep-ritual/platform/run-service';
import { createEmailsQueue, enqueueEmail } from '@sleep-ritual/jobs/emails';
import { createApp } from './app.ts';

await runService('auth', (deps) => {
  const emails = createEmailsQueue(deps.backends.queues);
  return createApp({
    ...deps,
    sendEmail: async (email) => {
      await enqueueEmail(emails, email);
    },
  });
});
