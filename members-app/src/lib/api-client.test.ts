import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends credentials and a JSON body with a JSON content type', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.post('/api/login', { email: 'a@b.c' })).toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c"}');
  });

  it('turns a non-OK answer into "{status}: {body}" and exposes the server message', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"error":"Invalid email or password"}', { status: 401 }),
    );
    const error = await api.get('/api/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"error":"Invalid email or password"}');
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = (await api.get('/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'Please try again')).toBe('Please try again');
  });
});
