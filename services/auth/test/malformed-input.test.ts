import { describe, expect, it } from 'vitest';
import { createClient } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const endpoints = [
  '/api/login',
  '/api/login/link',
  '/api/login/link/sign-in',
  '/api/forgot-password',
  '/api/reset-password',
  '/api/create-account',
  '/api/admin/auth',
];

describe('text PostgreSQL cannot store (a NUL character)', () => {
  const NUL = '\u0000';
  const bodies: [string, Record<string, unknown>, string][] = [
    ['/api/login', { email: 'a@b.example', password: `pass${NUL}word` }, 'password'],
    ['/api/login/link', { email: `a${NUL}@b.example` }, 'email'],
    ['/api/login/link/sign-in', { token: `t${NUL}` }, 'token'],
    ['/api/forgot-password', { email: `a${NUL}@b.example` }, 'email'],
    [
      '/api/reset-password',
      { token: `t${NUL}`, password: 'long enough', confirmPassword: 'long enough' },
      'token',
    ],
    ['/api/create-account', { order_id: `1${NUL}`, password: 'sleepy6' }, 'order_id'],
    [
      '/api/create-account',
      { order_id: '1', password: 'sleepy6', query: `order_id=1&token=${NUL}` },
      'query',
    ],
    ['/api/admin/auth', { password: NUL }, 'password'],
  ];
  it.each(bodies)('%s: is a 400 naming the field (%s)', async (path, json, field) => {
    const response = await createClient(auth.url).request(path, { method: 'POST', json });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(`${field} contains a character that cannot be stored (NUL)`);
  });

  it('is a 400 naming the parameter in the create-account look-up and the reset-link check', async () => {
    for (const path of [
      `/api/create-account?order_id=1${encodeURIComponent(NUL)}&token=x`,
      `/api/reset-password?token=${encodeURIComponent(NUL)}`,
    ]) {
      const response = await createClient(auth.url).request(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).error).toMatch(
        /^(order_id|token) contains a character that cannot be stored/,
      );
    }
  });
});

describe('no endpoint answers 500 to bad input', () => {
  it.each(endpoints)('%s: malformed JSON is a 400 with the JSON error shape', async (path) => {
    const response = await createClient(auth.url).request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "a@b.c", ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it.each(endpoints)('%s: a body that does not match its Content-Encoding is a 400', async (path) => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await createClient(auth.url).request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body: '{"email": "a@b.c"}',
      });
      expect(response.status, encoding).toBe(400);
      expect(await response.json()).toEqual({
        error: 'The request body does not match its Content-Encoding.',
      });
    }
  });

  it.each(endpoints)('%s: wrong types and missing fields are 400 with issues', async (path) => {
    for (const body of [
      {},
      { email: 42, password: ['x'], token: {}, order_id: null },
      [],
      'just a string',
      null,
    ]) {
      const response = await createClient(auth.url).request(path, { method: 'POST', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = await response.json();
      expect(typeof answer.error).toBe('string');
    }
  });

  it.each(endpoints)('%s: a huge body is a 413', async (path) => {
    const response = await createClient(auth.url).request(path, {
      method: 'POST',
      json: { email: 'a@b.c', password: 'x'.repeat(2_000_000) },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'The request body is too large.' });
  });

  it('an unknown path is a 404 JSON, an unknown method on a known path a 405 JSON', async () => {
    const unknown = await createClient(auth.url).request('/api/user/nothing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found' });
    const wrongMethod = await createClient(auth.url).request('/api/login', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toEqual({ error: 'Method not allowed' });
    // A method no router implements (WebDAV's, PURGE) is no different: JSON, never Koa's plain 501.
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'PURGE']) {
      const unimplemented = await createClient(auth.url).request('/api/user', { method });
      expect(unimplemented.status, method).toBe(405);
      expect(unimplemented.headers.get('allow')).toMatch(/GET/);
      expect(await unimplemented.json()).toEqual({ error: 'Method not allowed' });
      // At a path no route has, such a method finds nothing, as any other does.
      const nowhere = await createClient(auth.url).request('/api/user/nothing', { method });
      expect(nowhere.status, method).toBe(404);
      expect(await nowhere.json()).toEqual({ error: 'Not found' });
    }
  });

  it('a form-encoded sign-in works like JSON', async () => {
    const user = await auth.createUser();
    const response = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: user.email, password: user.password! }).toString(),
    });
    expect(response.status).toBe(200);
  });
});
