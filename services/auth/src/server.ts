import { Queue } from 'bullmq';
import { runService } from '@sleep-ritual/platform/run-service';
import { createApp } from './app.ts';

await runService('auth', (deps) => {
  const emails = new Queue('emails', { connection: deps.redis });
  return createApp({
    ...deps,
    sendEmail: async (email) => {
      await emails.add(email.template, email, { attempts: 5, backoff: { type: 'exponential', delay: 2_000 } });
    },
  });
});
