import { describe, expect, it } from 'vitest';
import { createClient, eventually, listen } from '@sleep-ritual/platform/testing';
import { createApp } from '../src/app.ts';
import { createLimits } from '../src/domain/limits.ts';
import { useAuthService } from './helpers.ts';
import { heldCounters } from '@sleep-ritual/platform/testing-counters';

const auth = useAuthService();
const ADMIN_PASSWORD = 'test-admin-password';

/** A browser signed in as a learner, which then passed the admin password too. */
async function learnerAndAdmin() {
  const user = await auth.createUser();
  const client = createClient(auth.url);
  await client.request('/api/login', {
    method: 'POST',
    json: { email: user.email, password: user.password },
  });
  await client.request('/api/admin/auth', { method: 'POST', json: { password: ADMIN_PASSWORD } });
  return client;
}

/** Another auth service over the same stores, with some of its dependencies changed. */
const listenWith = (changed: Partial<typeof auth.deps>) =>
  listen(
    createApp({
      ...auth.deps,
      ...changed,
      sendEmail: async () => undefined,
      forgetOrders: async () => 0,
    }),
  );

describe('admin sign-in', () => {
  it('is not admin until the shared password is given', async () => {
    const client = createClient(auth.url);
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
    const response = await client.request('/api/admin/auth', {
      method: 'POST',
      json: { password: ADMIN_PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: true });
  });

  it('answers 401 "Invalid password" to a wrong password and stays non-admin', async () => {
    const client = createClient(auth.url);
    const response = await client.request('/api/admin/auth', { method: 'POST', json: { password: 'guess' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid password' });
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
  });

  it('requires a password, with the spec message', async () => {
    const response = await createClient(auth.url).request('/api/admin/auth', { method: 'POST', json: {} });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('Password is required');
  });

  it('is independent of the learner sign-in, both ways', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    await client.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
    await client.request('/api/admin/auth', { method: 'POST', json: { password: ADMIN_PASSWORD } });
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: true });
    expect((await client.request('/api/user')).status).toBe(200);
    await client.request('/api/admin/logout', { method: 'POST' });
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
    expect((await client.request('/api/user')).status).toBe(200);
  });

  it('ends every admin session opened with the old password once ADMIN_PASSWORD changes, and only the admin part', async () => {
    const client = await learnerAndAdmin();
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: true });

    // The same deployment started again with a new admin password.
    const rotated = await listenWith({
      config: { ...auth.deps.config, adminPassword: 'a-new-admin-password' },
    });
    try {
      const after = createClient(rotated.url, { ip: client.ip });
      for (const [name, value] of client.cookies) after.cookies.set(name, value);
      expect(await (await after.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
      expect((await after.request('/api/user')).status).toBe(200);
      await after.request('/api/admin/auth', { method: 'POST', json: { password: 'a-new-admin-password' } });
      expect(await (await after.request('/api/admin/check')).json()).toEqual({ isAdmin: true });
    } finally {
      await rotated.close();
    }
  });

  it('admin logout of an admin-only session ends it', async () => {
    const client = createClient(auth.url);
    await client.request('/api/admin/auth', { method: 'POST', json: { password: ADMIN_PASSWORD } });
    const response = await client.request('/api/admin/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
  });

  it('after 10 wrong passwords from one address, even the right one gets 429', async () => {
    const client = createClient(auth.url);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await client.request('/api/admin/auth', { method: 'POST', json: { password: `wrong-${i}` } }))
          .status,
      ).toBe(401);
    }
    const blocked = await client.request('/api/admin/auth', {
      method: 'POST',
      json: { password: ADMIN_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toMatch(/Too many wrong admin passwords/);
  });

  it("after 100 wrong passwords an hour spread over new addresses, a new address gets 429, but not an admin's own", async () => {
    // The service's own limits, over the same counters: this test's hour starts now and ends with it.
    const limits = createLimits(auth.deps.backends.counters, auth.deps.config.accountHashSecret);
    const NEW_ADDRESSES_BUDGET = 1;
    await limits.adminPasswordAttempts.clear(NEW_ADDRESSES_BUDGET, 'all');
    try {
      const admin = createClient(auth.url);
      const signIn = (client: ReturnType<typeof createClient>, password: string) =>
        client.request('/api/admin/auth', { method: 'POST', json: { password } });
      expect((await signIn(admin, ADMIN_PASSWORD)).status).toBe(200);

      for (let address = 0; address < 10; address += 1) {
        const guesser = createClient(auth.url);
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, n) => signIn(guesser, `wrong-${n}`)),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
      }
      const blocked = await signIn(createClient(auth.url), ADMIN_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(await blocked.json()).toEqual({
        error: 'Too many wrong admin passwords. Please wait an hour and try again.',
      });
      // Where an admin signed in before, the password still opens the admin area.
      expect((await signIn(createClient(auth.url, { ip: admin.ip }), ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      await limits.adminPasswordAttempts.clear(NEW_ADDRESSES_BUDGET, 'all');
    }
  });

  it('counts before comparing: 50 concurrent wrong passwords from one address are compared at most 10 times', async () => {
    const client = createClient(auth.url);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        client.request('/api/admin/auth', { method: 'POST', json: { password: `wrong-${n}` } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40);
  });

  it('refuses with 429 even the right password when it comes while the last 10 tries are still being counted', async () => {
    // The real counters, holding each count until the test lets it through: ten wrong guesses in flight.
    const held = heldCounters(auth.deps.backends.counters);
    const server = await listenWith({ backends: { ...auth.deps.backends, counters: held.counters } });
    try {
      const guesser = createClient(server.url);
      const post = (password: string) =>
        guesser.request('/api/admin/auth', { method: 'POST', json: { password } });
      const wrong = Array.from({ length: 10 }, (_, n) => post(`wrong-${n}`));
      await eventually(async () => held.arrived() === 10, { what: 'ten guesses to reach the counters' });

      let answered = false;
      const right = post(ADMIN_PASSWORD).finally(() => (answered = true));
      await eventually(async () => held.arrived() === 11 || answered, { what: 'the right password' });
      held.release(10);
      expect((await Promise.all(wrong)).map((answer) => answer.status)).toEqual(Array(10).fill(401));
      held.release(1);
      const refused = await right;
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toMatch(/Too many wrong admin passwords/);
    } finally {
      held.release(Infinity);
      await server.close();
    }
  });
});
