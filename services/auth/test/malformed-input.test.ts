import { describe, expect, it } from 'vitest';
import { createClient } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const endpoints = [
  '/api/login',
  '/api/forgot-password',
  '/api/reset-password',
  '/api/create-account',
  '/api/admin/auth',
];

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

  it('an unknown path is a 404 JSON, an unknown method on a known path is not a 500', async () => {
    const unknown = await createClient(auth.url).request('/api/user/nothing');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Not found' });
    const wrongMethod = await createClient(auth.url).request('/api/login', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
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
