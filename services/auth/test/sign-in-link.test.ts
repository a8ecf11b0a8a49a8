import { describe, expect, it } from 'vitest';
import { issueSignInToken } from '../src/tokens/sign-in-tokens.ts';
import { clientWithSession, createClient, eventually, uniqueEmail } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';
import { endedMark, SIGNED_OUT } from '@sleep-ritual/platform/session-store';

const auth = useAuthService();
const SAME_ANSWER = { message: "If an account with that email exists, we've sent you a sign-in link." };

const requestLink = (client: ReturnType<typeof createClient>, email: string) =>
  client.request('/api/login/link', { method: 'POST', json: { email } });
const useLink = (client: ReturnType<typeof createClient>, token: string) =>
  client.request('/api/login/link/sign-in', { method: 'POST', json: { token } });

describe('POST /api/login/link', () => {
  it('answers the same whether or not the account exists, and queues the e-mail only for an existing one', async () => {
    const user = await auth.createUser();
    const known = await requestLink(createClient(auth.url), user.email);
    const unknown = await requestLink(createClient(auth.url), uniqueEmail());
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(SAME_ANSWER);
    expect(await unknown.json()).toEqual(SAME_ANSWER);
    const queued = await eventually(
      async () => {
        const jobs = await auth.queuedEmails();
        return jobs.some((job) => job.template === 'sign-in-link' && job.userId === user.id) && jobs;
      },
      { what: 'the sign-in link e-mail to be queued' },
    );
    expect(queued.filter((job) => job.template === 'sign-in-link')).toEqual([
      { template: 'sign-in-link', userId: user.id },
    ]);
  });

  it('allows 5 requests per e-mail from one address and 20 per address an hour, like forgot-password', async () => {
    const user = await auth.createUser();
    const sameAddress = createClient(auth.url);
    for (let i = 0; i < 5; i += 1) expect((await requestLink(sameAddress, user.email)).status).toBe(200);
    const perEmail = await requestLink(sameAddress, user.email);
    expect(perEmail.status).toBe(429);
    expect((await perEmail.json()).error).toMatch(/Too many sign-in link requests/);

    const client = createClient(auth.url);
    for (let i = 0; i < 20; i += 1) expect((await requestLink(client, uniqueEmail())).status).toBe(200);
    expect((await requestLink(client, uniqueEmail())).status).toBe(429);
  });

  it.each([
    ['a sign-in link', '/api/login/link', /Too many sign-in link requests/],
    ['a reset link', '/api/forgot-password', /Too many reset requests/],
  ])(
    "a stranger asking for %s for the member spends 20 an hour from new addresses, never the member's own",
    async (_name, path, message) => {
      const user = await auth.createUser();
      const home = createClient(auth.url);
      const signIn = await home.request('/api/login', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      });
      expect(signIn.status).toBe(200);
      const ask = (client: ReturnType<typeof createClient>) =>
        client.request(path, { method: 'POST', json: { email: user.email } });
      for (let address = 0; address < 4; address += 1) {
        const stranger = createClient(auth.url);
        for (let i = 0; i < 5; i += 1) expect((await ask(stranger)).status).toBe(200);
      }
      const ceiling = await ask(createClient(auth.url));
      expect(ceiling.status).toBe(429);
      expect((await ceiling.json()).error).toMatch(message);
      // From where the member signed in before, the e-mail is still sent.
      expect((await ask(createClient(auth.url, { ip: home.ip }))).status).toBe(200);
    },
  );

  it('where a member without a password signed in by link, a stranger who spends the ceiling does not stop their next link', async () => {
    const user = await auth.createUser({ password: null });
    const { token } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const home = createClient(auth.url);
    expect((await useLink(home, token)).status).toBe(200);
    for (let address = 0; address < 4; address += 1) {
      const stranger = createClient(auth.url);
      for (let i = 0; i < 5; i += 1) expect((await requestLink(stranger, user.email)).status).toBe(200);
    }
    expect((await requestLink(createClient(auth.url), user.email)).status).toBe(429);
    expect((await requestLink(createClient(auth.url, { ip: home.ip }), user.email)).status).toBe(200);
  });

  it("takes any address a browser's e-mail field takes, as the checkout may have", async () => {
    const user = await auth.createUser({ email: `o'neil&co+${Date.now()}@site.xn--p1ai` });
    expect((await requestLink(createClient(auth.url), user.email)).status).toBe(200);
    await eventually(
      async () =>
        (await auth.queuedEmails()).some((job) => job.template === 'sign-in-link' && job.userId === user.id),
      { what: 'the sign-in link e-mail to be queued' },
    );
  });

  it('rejects an invalid e-mail with the spec message', async () => {
    const response = await requestLink(createClient(auth.url), 'x@');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('Enter a valid email');
  });
});

describe('POST /api/login/link/sign-in', () => {
  it('signs the learner in with a new session id, once', async () => {
    const user = await auth.createUser();
    const { token } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const client = await clientWithSession(auth.url, auth.deps, {});
    const response = await useLink(client, token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(await (await client.request('/api/user')).json()).toMatchObject({ email: user.email });
    expect(await auth.deps.backends.sessions.getMany([client.sessionId])).toEqual([endedMark(SIGNED_OUT)]);

    const again = await useLink(createClient(auth.url), token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'This sign-in link is invalid or has expired.' });
  });

  it('refuses an expired or unknown token, and stores only hashes', async () => {
    const user = await auth.createUser();
    const { token } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    expect(await auth.deps.db('sign_in_tokens').where({ token }).first()).toBeUndefined();
    await auth.deps
      .db('sign_in_tokens')
      .where({ userId: user.id })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await useLink(createClient(auth.url), token)).status).toBe(400);
    expect((await useLink(createClient(auth.url), 'no-such-token')).status).toBe(400);
    expect((await useLink(createClient(auth.url), '')).status).toBe(400);
  });

  it('two concurrent uses of one link sign in once', async () => {
    const user = await auth.createUser();
    const { token } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const answers = await Promise.all([
      useLink(createClient(auth.url), token),
      useLink(createClient(auth.url), token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});
