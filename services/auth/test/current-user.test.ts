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

  it("sends an API's security headers with every answer: nothing may run in it, frame it, sniff it or embed it", async () => {
    const response = await createClient(server.url).request('/api/user');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    // The switches that only a page reads are not sent; HSTS is sent behind https only.
    for (const pageOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control'])
      expect(response.headers.get(pageOnly), pageOnly).toBeNull();
    expect(response.headers.get('strict-transport-security')).toBeNull();
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
