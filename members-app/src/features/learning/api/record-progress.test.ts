import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueuedRequest } from '../../../lib/offline-queue.ts';
import { sendProgressBeacon } from './record-progress.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const exit = { position_sec: 300, duration_sec: 960, event_type: 'exit' } as const;

describe('the exit from a class, as the screen locks', () => {
  it('offline, waits with the progress made offline instead of going by a beacon that would be lost', async () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, onLine: false, sendBeacon: beacon });
    const kept: QueuedRequest[] = [];
    sendProgressBeacon(7, exit, async (request) => {
      kept.push(request);
      return true;
    });
    await vi.waitFor(() => expect(kept).toEqual([{ method: 'POST', url: '/api/progress/7', body: exit }]));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('when the browser will not take the beacon, goes by keepalive fetch, and waits when that fails or is answered "later"', async () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: true, sendBeacon: vi.fn(() => false) });
    const cases: [what: string, answer: () => Promise<Response>, kept: number][] = [
      ['answered 503 (a restart)', () => Promise.resolve(new Response(null, { status: 503 })), 1],
      ['failed', () => Promise.reject(new TypeError('Failed to fetch')), 1],
      ['answered 200', () => Promise.resolve(Response.json({ classId: 7 })), 0],
    ];
    for (const [what, answer, kept] of cases) {
      const fetched = vi.fn(answer);
      vi.stubGlobal('fetch', fetched);
      const keep = vi.fn(async () => true);
      sendProgressBeacon(7, exit, keep);
      expect(fetched, what).toHaveBeenCalledWith(
        '/api/progress/7',
        expect.objectContaining({ method: 'POST', keepalive: true }),
      );
      // Its answer handled: the exit's own handler was attached first, so it has run by now.
      await fetched.mock.results[0]?.value.catch(() => undefined);
      expect(keep, what).toHaveBeenCalledTimes(kept);
    }
  });

  it('online, goes by beacon and keeps nothing', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, onLine: true, sendBeacon: beacon });
    const keep = vi.fn(async () => true);
    sendProgressBeacon(7, exit, keep);
    expect(beacon).toHaveBeenCalledWith('/api/progress/7', expect.any(Blob));
    expect(keep).not.toHaveBeenCalled();
  });
});
