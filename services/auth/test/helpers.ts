import { afterAll, beforeAll } from 'vitest';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { createTestDeps, listen, uniqueEmail } from '@sleep-ritual/platform/testing';
import { createApp } from '../src/app.ts';
import type { AuthEmail } from '../src/deps.ts';

/** Mounts the auth service for one test file, recording the e-mails it asks the worker to send. */
export function useAuthService(overrides: Record<string, string> = {}) {
  const deps = createTestDeps(overrides);
  const sentEmails: AuthEmail[] = [];
  const context = {
    deps,
    sentEmails,
    url: '',
    async createUser(fields: { password?: string | null; email?: string } = {}) {
      const email = fields.email ?? uniqueEmail();
      const password = fields.password === undefined ? 'correct horse battery' : fields.password;
      const [user] = await deps.db('users')
        .insert({ email, password: password ? await hashPassword(password) : null })
        .returning(['id', 'email']);
      return { id: user.id as number, email: user.email as string, password };
    },
  };
  let server: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await listen(
      createApp({
        ...deps,
        sendEmail: async (email) => {
          sentEmails.push(email);
        },
      }),
    );
    context.url = server.url;
  });
  afterAll(async () => {
    await server.close();
    await deps.close();
  });
  return context;
}
