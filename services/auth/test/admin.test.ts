import { describe, expect, it } from 'vitest';
import { createClient } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const ADMIN_PASSWORD = 'test-admin-password';

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
    expect((await client.request('/api/user')).status).toBe(200);
    await client.request('/api/admin/logout', { method: 'POST' });
    expect(await (await client.request('/api/admin/check')).json()).toEqual({ isAdmin: false });
    expect((await client.request('/api/user')).status).toBe(200);
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
});
