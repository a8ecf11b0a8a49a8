import { afterAll, beforeAll } from 'vitest';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { createQueueBackend } from '@sleep-ritual/platform/backends';
import { createTestDeps, listen, uniqueEmail } from '@sleep-ritual/platform/testing';
import { createEmailsQueue, enqueueEmail, type EmailJob } from '@sleep-ritual/jobs/emails';
import { createApp } from '../src/app.ts';

/**
 * Mounts the auth service for one test file, its e-mails going into a real BullMQ queue of its own
 * (a fresh prefix), where `queuedEmails()` reads them as the worker would find them.
 */
export function useAuthService(overrides: Record<string, string> = {}) {
  const deps = createTestDeps(overrides);
  const emailBackend = createQueueBackend(deps.config, `test-auth-${process.pid}-${Date.now()}`, {
    failFast: false,
  });
  const emails = createEmailsQueue(emailBackend);
  const context = {
    deps,
    async queuedEmails(): Promise<EmailJob[]> {
      return (await emails.getJobs(['waiting'])).map((job) => job.data);
    },
    url: '',
    async createUser(fields: { password?: string | null; email?: string } = {}) {
      const email = fields.email ?? uniqueEmail();
      const password = fields.password === undefined ? 'correct horse battery' : fields.password;
      const [user] = await deps
        .db('users')
        .insert({ email, password: password ? await hashPassword(password) : null })
        .returning(['id', 'email']);
      return { id: user.id as number, email: user.email as string, password };
    },
  };
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    await emailBackend.ready();
    server = await listen(
      createApp({
        ...deps,
        sendEmail: async (email) => {
          await enqueueEmail(emails, email);
        },
        // The queues' side of a deletion is held by the webhooks' deleted-account test.
        forgetOrders: async () => 0,
      }),
    );
    context.url = server.url;
  });
  afterAll(async () => {
    await emails.close();
    await emailBackend.obliterate();
    await emailBackend.close();
    await server.close();
    await deps.close();
  });
  return context;
}
