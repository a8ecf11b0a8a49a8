import { describe, expect, it } from 'vitest';
import { createClient } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const deps = auth.deps;
const server = {
  get url() {
    return auth.url;
  },
};

describe('GET /api/user', () => {
  it('when nobody is signed in, it answers 401 with the JSON error shape', async () => {
    const response = await createClient(server.url).request('/api/user');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ error: 'Not signed in' });
  });

  it('sends the security headers with every answer', async () => {
    const response = await createClient(server.url).request('/api/user');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain('frame-src https://player.vimeo.com');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });
});

describe('a session written by the test helper', () => {
  it('is recognised by the shared session middleware', async () => {
    const { clientWithSession, uniqueEmail } = await import('@sleep-ritual/platform/testing');
    const [user] = await deps.db('users').insert({ email: uniqueEmail() }).returning(['id', 'email']);
    const client = await clientWithSession(server.url, deps, { userId: user.id });
    const response = await client.request('/api/user');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
  });
});
