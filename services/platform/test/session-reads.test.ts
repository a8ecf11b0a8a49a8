import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/http/service-app.ts';
import { clientWithSession, createClient, createTestDeps, listen } from '../src/testing.ts';

const deps = createTestDeps();
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const app = createServiceApp(deps);
  app.use((ctx) => {
    ctx.body = { userId: ctx.session?.userId ?? null };
  });
  server = await listen(app);
});
afterAll(async () => {
  await server.close();
  await deps.close();
});

// The session reads of concurrent requests go to the session store together; each request must still see its own.
describe('session reads of many requests at once', () => {
  it('give each request its own session, and none to a request without one or with a forged or ended one', async () => {
    const userIds = Array.from(
      { length: 12 },
      (_, index) => 900_000_000 + Math.floor(Math.random() * 1_000_000) * 16 + index,
    );
    const signedIn = await Promise.all(
      userIds.map((userId) => clientWithSession(server.url, deps, { userId })),
    );
    const forged = await clientWithSession(server.url, deps, { userId: 1 });
    forged.cookies.set('sr_session.sig', 'not-a-signature');
    const ended = await clientWithSession(server.url, deps, { userId: 2 });
    await deps.backends.sessions.destroy(ended.sessionId);
    const clients = [...signedIn, createClient(server.url), forged, ended, ...signedIn];
    const expected = [...userIds, null, null, null, ...userIds];

    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(clients.map(async (client) => (await client.request('/who')).json()));
      expect(answers.map((answer) => answer.userId)).toEqual(expected);
    }
    await Promise.all(
      [...signedIn, forged].map((client) => deps.backends.sessions.destroy(client.sessionId)),
    );
  });
});
