import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@sleep-ritual/contracts/errors';
import { api, ApiError, errorMessage } from './api-client.ts';
import { dropEarly, startEarly } from './early-answers.ts';
import { queueForLater } from './offline-queue.ts';

// The queue itself (IndexedDB) is offline-queue.test.ts's: here, only what the client gives it.
vi.mock('./offline-queue.ts', async (actual) => ({
  ...(await actual<typeof import('./offline-queue.ts')>()),
  queueForLater: vi.fn(async () => true),
}));

afterEach(() => {
  dropEarly();
  vi.unstubAllGlobals();
  vi.mocked(queueForLater).mockClear();
});

const okSchema = z.object({ ok: z.boolean() });

describe('api client', () => {
  it('sends credentials and a JSON body with a JSON content type', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.post(okSchema, '/api/login', { email: 'a@b.c' })).toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c"}');
  });

  it('parses the answer with the schema it was given, and refuses an answer the contract does not describe', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"ok":true,"extra":1}', { status: 200 }));
    expect(await api.get(okSchema, '/api/x')).toEqual({ ok: true });
    vi.stubGlobal('fetch', async () => new Response('{"ok":"yes"}', { status: 200 }));
    const error = await api.get(okSchema, '/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(z.ZodError);
  });

  it('gives undefined for an empty 204 answer, which only a schema allowing it accepts', async () => {
    vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
    expect(await api.delete(z.undefined(), '/api/x')).toBeUndefined();
    await expect(api.delete(okSchema, '/api/x')).rejects.toBeInstanceOf(z.ZodError);
  });

  it('turns a non-OK answer into "{status}: {body}" and exposes the server message', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"error":"Invalid email or password"}', { status: 401 }),
    );
    const error = await api.get(okSchema, '/api/user').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"error":"Invalid email or password"}');
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('falls back to the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const error = (await api.get(okSchema, '/api/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'Please try again')).toBe('Please try again');
  });
});

describe('a GET the entry sent early (main.tsx)', () => {
  it('answers the first call to its address without asking again; the next call asks the server', async () => {
    const server = vi.fn(async () => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', server);
    const early = startEarly('/api/x');
    expect(server).toHaveBeenCalledTimes(1);
    expect(server.mock.calls[0]).toEqual(['/api/x', { credentials: 'include' }]);
    expect(startEarly('/api/x')).toBe(early);
    expect(await api.get(okSchema, '/api/x')).toEqual({ ok: true });
    expect(server).toHaveBeenCalledTimes(1);
    expect(await api.get(okSchema, '/api/x')).toEqual({ ok: true });
    expect(server).toHaveBeenCalledTimes(2);
  });

  it('is not taken by a call to another address or with another method', async () => {
    const server = vi.fn(async (_url: string) => new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', server);
    startEarly('/api/x');
    await api.get(okSchema, '/api/y');
    await api.put(okSchema, '/api/x', {});
    expect(server.mock.calls.map(([url]) => url)).toEqual(['/api/x', '/api/y', '/api/x']);
  });

  it('gives its failure to the call that takes it, as that call would have heard it', async () => {
    const signedOut = vi.fn(async () => new Response('', { status: 401, statusText: 'Unauthorized' }));
    vi.stubGlobal('fetch', signedOut);
    startEarly('/api/user');
    const error = await api.get(okSchema, '/api/user').catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(401);
    expect(signedOut).toHaveBeenCalledTimes(1);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', offline);
    startEarly('/api/x');
    await expect(api.get(okSchema, '/api/x')).rejects.toThrow('Failed to fetch');
    expect(offline).toHaveBeenCalledTimes(1);
  });

  it('is dropped at the first render when nobody took it, so a later call never gets an old answer', async () => {
    let signedIn = false;
    vi.stubGlobal('fetch', async () =>
      signedIn ? new Response('{"ok":true}', { status: 200 }) : new Response('', { status: 401 }),
    );
    startEarly('/api/x');
    dropEarly();
    signedIn = true;
    expect(await api.get(okSchema, '/api/x')).toEqual({ ok: true });
  });
});

describe("an error answer's message", () => {
  it('is read from exactly the bodies the contract calls the error shape', () => {
    const bodies = [
      '{"error":"Too many attempts."}',
      '{"error":"Invalid input","issues":[{"path":["email"]}]}',
      '{"error":"Invalid input","issues":"not a list"}',
      '{"error":42}',
      '{"message":"no error field"}',
      '[{"error":"in a list"}]',
      'null',
      '"just text"',
      'not JSON at all',
      '',
    ];
    for (const body of bodies) {
      let expected: string | undefined;
      try {
        expected = errorBodySchema.safeParse(JSON.parse(body)).data?.error;
      } catch {
        expected = undefined;
      }
      expect(new ApiError(400, body, 'Bad Request').serverMessage, body).toBe(expected);
    }
  });
});

describe('progress the server could not take', () => {
  const event = { position_sec: 900, duration_sec: 960, event_type: 'timeupdate' } as const;

  it('waits for later when the network fails or the server answers "later" (a restart mid-night), not when it refuses', async () => {
    const cases: [what: string, answer: () => Promise<Response>, kept: boolean][] = [
      ['no network', () => Promise.reject(new TypeError('Failed to fetch')), true],
      ['503 while the service restarts', async () => new Response('', { status: 503 }), true],
      ['429', async () => new Response('', { status: 429 }), true],
      ['403 (refunded)', async () => Response.json({ error: 'no' }, { status: 403 }), false],
    ];
    for (const [what, answer, kept] of cases) {
      vi.mocked(queueForLater).mockClear();
      vi.stubGlobal('fetch', vi.fn(answer));
      await expect(api.put(okSchema, '/api/progress/5', event), what).rejects.toThrow();
      if (kept) {
        expect(queueForLater, what).toHaveBeenCalledWith({
          method: 'PUT',
          url: '/api/progress/5',
          body: event,
        });
      } else {
        expect(queueForLater, what).not.toHaveBeenCalled();
      }
    }
    // The sleep timer's completion waits too; one set or undone by hand is the learner's to try again (a
    // copy sent later could undo what they did since), whether the server said "later" or could not be
    // reached: the screen says it failed, and nothing sends it behind the learner's back.
    const laterAnswer = vi.fn(async () => new Response('', { status: 503 }));
    const asleep = { completed: true, reason: 'asleep' };
    const byHand = { completed: false };
    for (const [body, kept] of [
      [asleep, true],
      [byHand, false],
    ] as const) {
      vi.mocked(queueForLater).mockClear();
      vi.stubGlobal('fetch', laterAnswer);
      await expect(api.put(okSchema, '/api/progress/5/completion', body)).rejects.toThrow();
      expect(vi.mocked(queueForLater).mock.calls.length, JSON.stringify(body)).toBe(kept ? 1 : 0);
    }
    vi.mocked(queueForLater).mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.put(okSchema, '/api/progress/5/completion', byHand)).rejects.toThrow();
    expect(queueForLater).not.toHaveBeenCalled();
    await expect(api.put(okSchema, '/api/progress/5/completion', asleep)).rejects.toThrow();
    expect(queueForLater).toHaveBeenCalledWith({
      method: 'PUT',
      url: '/api/progress/5/completion',
      body: asleep,
    });

    // Any other call that fails is only the caller's to hear.
    vi.mocked(queueForLater).mockClear();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    await expect(api.post(okSchema, '/api/login', { email: 'a@b.c' })).rejects.toThrow();
    expect(queueForLater).not.toHaveBeenCalled();
  });
});
