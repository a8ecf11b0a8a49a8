// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MemoryCaches } from '../test/memory-caches.ts';
import { networkThenSaved, OPEN_RANGE_BYTES, offlineHandlingOf, rangeAnswer } from './offline-cache.ts';

const origin = 'https://app.example';
const saved = () =>
  new Response(
    Uint8Array.from({ length: 1000 }, (_, index) => index % 256),
    {
      headers: { 'Content-Type': 'audio/wav' },
    },
  );

/** A saved-nights cache in memory holding `entries` (path, answer). */
async function savedCache(entries: [path: string, answer: Response][]) {
  const cache = await new MemoryCaches().open('saved-nights');
  for (const [path, answer] of entries) await cache.put(`${origin}${path}`, answer);
  const saved = async (path: string) => (await cache.match(`${origin}${path}`))?.json();
  return { cache, saved };
}

describe('the saved nights in the service worker', () => {
  it('answers the sign-in and class details from what was saved, tracks and media from the saved tracks', () => {
    const request = (path: string, destination: RequestDestination = '', method = 'GET') => ({
      method,
      destination,
      url: `${origin}${path}`,
    });
    expect(offlineHandlingOf(request('/api/user'), origin)).toBe('saved-answer');
    expect(offlineHandlingOf(request('/api/classes/12/details'), origin)).toBe('saved-answer');
    expect(offlineHandlingOf(request('/api/classes/12/transcript'), origin)).toBe('saved-answer');
    expect(offlineHandlingOf(request('/api/classes/12/transcript', 'track'), origin)).toBe('saved-answer');
    expect(offlineHandlingOf(request('/media/demo/night-1.wav', 'audio'), origin)).toBe('saved-track');
    expect(offlineHandlingOf(request('/api/classes/12/audio', 'audio'), origin)).toBe('saved-track');
    expect(offlineHandlingOf(request('/api/my-programs'), origin)).toBe('other');
    expect(offlineHandlingOf(request('/api/progress/12', '', 'PUT'), origin)).toBe('other');
    expect(
      offlineHandlingOf({ ...request('/api/user'), url: 'https://other.example/api/user' }, origin),
    ).toBe('other');
  });

  it('answers a byte range of a saved track with 206 and its Content-Range', async () => {
    const answer = await rangeAnswer(saved(), 'bytes=100-199');
    expect(answer.status).toBe(206);
    expect(answer.headers.get('Content-Range')).toBe('bytes 100-199/1000');
    expect(answer.headers.get('Content-Length')).toBe('100');
    expect(answer.headers.get('Content-Type')).toBe('audio/wav');
    const body = new Uint8Array(await answer.arrayBuffer());
    expect(body.length).toBe(100);
    expect(body[0]).toBe(100);

    const open = await rangeAnswer(saved(), 'bytes=990-');
    expect(open.headers.get('Content-Range')).toBe('bytes 990-999/1000');
    const suffix = await rangeAnswer(saved(), 'bytes=-10');
    expect(suffix.headers.get('Content-Range')).toBe('bytes 990-999/1000');
    const past = await rangeAnswer(saved(), 'bytes=1000-');
    expect(past.status).toBe(416);
    expect(past.headers.get('Content-Range')).toBe('bytes */1000');
    expect((await rangeAnswer(saved(), null)).status).toBe(200);

    // A media element's open-ended range of a long track gets a part of it, and asks again for more.
    const long = new Response(new Uint8Array(OPEN_RANGE_BYTES * 3));
    const first = await rangeAnswer(long, 'bytes=0-');
    expect(first.headers.get('Content-Range')).toBe(
      `bytes 0-${OPEN_RANGE_BYTES - 1}/${OPEN_RANGE_BYTES * 3}`,
    );
  });

  it('answers a saved answer from the network while it answers, and from the saved copy when it cannot', async () => {
    const { cache, saved } = await savedCache([['/api/user', Response.json({ id: 1 })]]);
    const request = new Request(`${origin}/api/user`);
    const online = await networkThenSaved(request, cache, async () => Response.json({ id: 1, fresh: true }));
    expect(await online.json()).toEqual({ id: 1, fresh: true });
    expect(await saved('/api/user')).toEqual({ id: 1, fresh: true });

    const offline = await networkThenSaved(request, cache, () => Promise.reject(new TypeError('offline')));
    expect(await offline.json()).toEqual({ id: 1, fresh: true });

    const unsaved = new Request(`${origin}/api/classes/3/details`);
    await expect(
      networkThenSaved(unsaved, cache, () => Promise.reject(new TypeError('offline'))),
    ).rejects.toThrow('offline');
  });

  it('answers from the saved copy when the network is too slow (one bar in the bedroom) or the server fails, and waits on the network where nothing is saved', async () => {
    const { cache, saved } = await savedCache([
      ['/api/classes/1/details', Response.json({ id: 1, saved: true })],
    ]);
    const request = new Request(`${origin}/api/classes/1/details`);
    const never = () => new Promise<Response>(() => undefined);
    const slow = await networkThenSaved(request, cache, never, { timeoutMs: 20 });
    expect(await slow.json()).toEqual({ id: 1, saved: true });
    const restarting = await networkThenSaved(
      request,
      cache,
      async () => new Response(null, { status: 503 }),
      { timeoutMs: 20 },
    );
    expect(await restarting.json()).toEqual({ id: 1, saved: true });
    expect(await saved('/api/classes/1/details')).toEqual({ id: 1, saved: true });

    const unsaved = new Request(`${origin}/api/classes/2/details`);
    const late = networkThenSaved(
      unsaved,
      cache,
      () => new Promise((resolve) => setTimeout(() => resolve(Response.json({ id: 2 })), 60)),
      { timeoutMs: 20 },
    );
    expect(await (await late).json()).toEqual({ id: 2 });
  });

  it('writes a 200 that arrives after the saved copy answered, and keeps the worker alive until it is written', async () => {
    const { cache, saved } = await savedCache([['/api/classes/1/details', Response.json({ percent: 40 })]]);
    const request = new Request(`${origin}/api/classes/1/details`);
    let answer: (response: Response) => void = () => undefined;
    const slow = new Promise<Response>((resolve) => (answer = resolve));
    const waitedFor: Promise<unknown>[] = [];
    const first = await networkThenSaved(request, cache, () => slow, {
      timeoutMs: 20,
      keepAlive: (work) => waitedFor.push(work),
    });
    expect(await first.json()).toEqual({ percent: 40 });

    answer(Response.json({ percent: 85 }));
    expect(waitedFor).toHaveLength(1);
    await Promise.all(waitedFor);
    expect(await saved('/api/classes/1/details')).toEqual({ percent: 85 });
  });

  it('does not bring back a copy deleted before the late answer came (sign-out, the night removed)', async () => {
    const { cache, saved } = await savedCache([['/api/user', Response.json({ id: 1 })]]);
    const request = new Request(`${origin}/api/user`);
    let answer: (response: Response) => void = () => undefined;
    const waitedFor: Promise<unknown>[] = [];
    await networkThenSaved(request, cache, () => new Promise((resolve) => (answer = resolve)), {
      timeoutMs: 20,
      keepAlive: (work) => waitedFor.push(work),
    });
    await cache.delete(`${origin}/api/user`);
    answer(Response.json({ id: 1 }));
    await Promise.all(waitedFor);
    expect(await saved('/api/user')).toBeUndefined();
  });
});
