import { describe, expect, it } from 'vitest';
import { issueResetToken } from '../src/tokens/reset-tokens.ts';
import {
  clientWithSession,
  createClient,
  createTestDeps,
  eventually,
  listen,
  uniqueEmail,
} from '@sleep-ritual/platform/testing';
import { createApp } from '../src/app.ts';
import type { AuthEmail } from '../src/deps.ts';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const SAME_ANSWER = {
  message: "If an account with that email exists, we've sent you a password reset link.",
};

async function signIn(email: string, password: string) {
  return createClient(auth.url).request('/api/login', { method: 'POST', json: { email, password } });
}

describe('POST /api/forgot-password', () => {
  it('answers the same whether or not the account exists, and mails only an existing one', async () => {
    const user = await auth.createUser();
    const known = await createClient(auth.url).request('/api/forgot-password', {
      method: 'POST',
      json: { email: user.email },
    });
    const unknownEmail = uniqueEmail();
    const unknown = await createClient(auth.url).request('/api/forgot-password', {
      method: 'POST',
      json: { email: unknownEmail },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(SAME_ANSWER);
    expect(await unknown.json()).toEqual(SAME_ANSWER);
    const queued = await eventually(
      async () => {
        const jobs = await auth.queuedEmails();
        return jobs.some((job) => 'userId' in job && job.userId === user.id) && jobs;
      },
      { what: 'the reset e-mail to be queued' },
    );
    expect(queued).toContainEqual({ template: 'password-reset', userId: user.id });
    // Nothing for the unknown address, and no token or address in the job: the worker looks them up.
    expect(queued.every((job) => Object.keys(job).sort().join() === 'template,userId')).toBe(true);
  });

  it('answers before looking the address up or queueing anything, for a known and an unknown one alike', async () => {
    // An e-mail queue that holds every send until released: the answers must not wait for it.
    const deps = createTestDeps();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: AuthEmail[] = [];
    const server = await listen(
      createApp({
        ...deps,
        sendEmail: async (email) => {
          await held;
          sent.push(email);
        },
        forgetOrders: async () => 0,
      }),
    );
    try {
      const user = await auth.createUser();
      for (const email of [user.email, uniqueEmail()]) {
        const response = await createClient(server.url).request('/api/forgot-password', {
          method: 'POST',
          json: { email },
        });
        expect(await response.json()).toEqual(SAME_ANSWER);
      }
      expect(sent).toEqual([]);
      release();
      await eventually(async () => sent.length === 1, { what: 'the held e-mail to go out' });
      expect(sent).toEqual([{ template: 'password-reset', userId: user.id }]);
    } finally {
      release();
      await server.close();
      await deps.close();
    }
  });

  it('rejects an invalid e-mail with the spec message', async () => {
    const response = await createClient(auth.url).request('/api/forgot-password', {
      method: 'POST',
      json: { email: 'x@' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('Enter a valid email');
  });

  it('allows 5 requests per e-mail from one address an hour, then answers 429', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    for (let i = 0; i < 5; i += 1) {
      const response = await client.request('/api/forgot-password', {
        method: 'POST',
        json: { email: user.email },
      });
      expect(response.status).toBe(200);
    }
    const blocked = await client.request('/api/forgot-password', {
      method: 'POST',
      json: { email: user.email },
    });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many reset requests/);
  });

  it('allows 20 requests per address an hour, then answers 429', async () => {
    const client = createClient(auth.url);
    for (let i = 0; i < 20; i += 1) {
      const response = await client.request('/api/forgot-password', {
        method: 'POST',
        json: { email: uniqueEmail() },
      });
      expect(response.status).toBe(200);
    }
    const blocked = await client.request('/api/forgot-password', {
      method: 'POST',
      json: { email: uniqueEmail() },
    });
    expect(blocked.status).toBe(429);
  });
});

describe('GET /api/reset-password', () => {
  it('says whether a link still works, without using it', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    const check = (value: string) =>
      createClient(auth.url).request(`/api/reset-password?token=${encodeURIComponent(value)}`);
    for (let time = 0; time < 2; time += 1) {
      const open = await check(token);
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({ valid: true });
    }
    expect(await (await check('no-such-token')).json()).toEqual({ valid: false });
    expect(await (await createClient(auth.url).request('/api/reset-password')).json()).toEqual({
      valid: false,
    });

    // Still usable after the checks; used, it is no longer valid.
    const reset = await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token, password: 'checked-then-used', confirmPassword: 'checked-then-used' },
    });
    expect(reset.status).toBe(200);
    expect(await (await check(token)).json()).toEqual({ valid: false });
  });

  it('says an expired link no longer works', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    await auth.deps
      .db('password_reset_tokens')
      .where({ userId: user.id })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const response = await createClient(auth.url).request(`/api/reset-password?token=${token}`);
    expect(await response.json()).toEqual({ valid: false });
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password from a valid token; the old one stops working', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    const response = await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token, password: 'a brand new secret', confirmPassword: 'a brand new secret' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Password reset successful' });
    expect((await signIn(user.email, 'a brand new secret')).status).toBe(200);
    expect((await signIn(user.email, user.password!)).status).toBe(401);
  });

  it('marks the address verified: the mailed link proves it', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token, password: 'a brand new secret', confirmPassword: 'a brand new secret' },
    });
    expect(await auth.deps.db('users').where({ id: user.id }).first('emailVerified')).toEqual({
      emailVerified: true,
    });
  });

  it('stores only a hash of the token', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    const stored = await auth.deps.db('password_reset_tokens').where({ userId: user.id }).pluck('token');
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toBe(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('works once: the same token a second time is refused', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    const body = { token, password: 'first new secret', confirmPassword: 'first new secret' };
    expect(
      (await createClient(auth.url).request('/api/reset-password', { method: 'POST', json: body })).status,
    ).toBe(200);
    const again = await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { ...body, password: 'second new secret', confirmPassword: 'second new secret' },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'This password reset link is invalid or has expired.' });
    expect((await signIn(user.email, 'first new secret')).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await auth.createUser();
    const token = await issueResetToken(auth.deps.db, user.id);
    await auth.deps
      .db('password_reset_tokens')
      .where({ userId: user.id })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const response = await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token, password: 'late new secret', confirmPassword: 'late new secret' },
    });
    expect(response.status).toBe(400);
    expect((await signIn(user.email, user.password!)).status).toBe(200);
  });

  it('expires one hour after it was issued', async () => {
    const user = await auth.createUser();
    await issueResetToken(auth.deps.db, user.id);
    const [row] = await auth.deps
      .db('password_reset_tokens')
      .where({ userId: user.id })
      .select('expiresAt', 'createdAt');
    const lifetime = new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime();
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5_000);
  });

  it('kills every other open token of that user when one is used', async () => {
    const user = await auth.createUser();
    const first = await issueResetToken(auth.deps.db, user.id);
    const second = await issueResetToken(auth.deps.db, user.id);
    await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token: second, password: 'newest secret', confirmPassword: 'newest secret' },
    });
    const stale = await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token: first, password: 'stale secret!', confirmPassword: 'stale secret!' },
    });
    expect(stale.status).toBe(400);
  });

  it("ends the user's other sessions", async () => {
    const user = await auth.createUser();
    const elsewhere = createClient(auth.url);
    await elsewhere.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect((await elsewhere.request('/api/user')).status).toBe(200);
    const token = await issueResetToken(auth.deps.db, user.id);
    await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token, password: 'locked out thief', confirmPassword: 'locked out thief' },
    });
    expect((await elsewhere.request('/api/user')).status).toBe(401);
  });

  it('leaves other learners signed in', async () => {
    const user = await auth.createUser();
    const other = await auth.createUser();
    const bystander = await clientWithSession(auth.url, auth.deps, { userId: other.id });
    const token = await issueResetToken(auth.deps.db, user.id);
    await createClient(auth.url).request('/api/reset-password', {
      method: 'POST',
      json: { token, password: 'my new secret', confirmPassword: 'my new secret' },
    });
    expect((await bystander.request('/api/user')).status).toBe(200);
  });

  it('validates with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'long enough', confirmPassword: 'long enough' }, 'Reset token is required'],
      [
        { token: 't', password: 'short', confirmPassword: 'short' },
        'Password must be at least 8 characters long',
      ],
      [{ token: 't', password: 'long enough', confirmPassword: 'different!' }, "Passwords don't match"],
    ];
    for (const [body, message] of cases) {
      const response = await createClient(auth.url).request('/api/reset-password', {
        method: 'POST',
        json: body,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe(message);
    }
  });
});
