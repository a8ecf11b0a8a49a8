import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearQueue,
  flushQueue,
  queueForLater,
  startOfflineQueue,
  waitsForNetwork,
  type QueuedRequest,
  type QueueStore,
} from './offline-queue.ts';

function memoryStore(): QueueStore & { items: Map<number, QueuedRequest> } {
  const items = new Map<number, QueuedRequest>();
  let next = 1;
  return {
    items,
    add: async (request) => void items.set(next++, request),
    all: async () => [...items].map(([key, request]) => ({ key, request })),
    remove: async (key) => void items.delete(key as number),
    clear: async () => items.clear(),
  };
}

const event = (position: number): QueuedRequest => ({
  method: 'PUT',
  url: '/api/progress/5',
  body: { event_type: 'timeupdate', position_sec: position, duration_sec: 960 },
});

afterEach(() => {
  vi.useRealTimers();
});

/** What the queue keeps of an event made at `at`: the event, stamped with when it was made. */
const stamped = (queued: QueuedRequest, at: string) => ({
  ...queued,
  body: { ...(queued.body as object), recorded_at: at },
});

describe('progress made offline', () => {
  it("waits only for the progress and the sleep timer's completion, never a completion set by hand", () => {
    const call = (method: 'PUT' | 'POST', url: string, body: unknown = {}) =>
      waitsForNetwork({ method, url, body });
    expect(call('PUT', '/api/progress/5', { position_sec: 30 })).toBe(true);
    expect(call('PUT', '/api/progress/5/completion', { completed: true, reason: 'asleep' })).toBe(true);
    expect(call('PUT', '/api/progress/5/completion', { completed: true })).toBe(false);
    expect(call('PUT', '/api/progress/5/completion', { completed: false })).toBe(false);
    expect(call('POST', '/api/login')).toBe(false);
    expect(waitsForNetwork({ method: 'GET' as 'PUT', url: '/api/progress/5', body: undefined })).toBe(false);
  });

  it('is sent in the order it was made when the network returns, and a failure keeps the rest', async () => {
    const store = memoryStore();
    // Last night, in airplane mode: each call keeps when it was made, which the server keeps as when the
    // night was listened to, however late the network returns.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T23:10:00Z') });
    await queueForLater(event(30), store);
    await queueForLater(event(60), store);
    vi.setSystemTime(new Date('2026-11-26T23:11:00Z'));
    await queueForLater(event(90), store);
    vi.setSystemTime(new Date('2026-11-27T07:30:00Z'));

    const sent: unknown[] = [];
    let reachable = 2;
    const send = async (queued: QueuedRequest) => {
      if (reachable-- <= 0) throw new TypeError('Failed to fetch');
      sent.push(queued.body);
      return new Response(null, { status: 200 });
    };
    expect(await flushQueue(store, send)).toBe(2);
    expect(sent).toEqual([
      stamped(event(30), '2026-11-26T23:10:00.000Z').body,
      stamped(event(60), '2026-11-26T23:10:00.000Z').body,
    ]);
    expect([...store.items.values()]).toEqual([stamped(event(90), '2026-11-26T23:11:00.000Z')]);

    reachable = 5;
    expect(await flushQueue(store, send)).toBe(1);
    expect(store.items.size).toBe(0);
  });

  it('keeps a call the server could not take yet (restarting, overloaded) for the next time, and drops a refusal', async () => {
    const store = memoryStore();
    await queueForLater(event(30), store);
    await queueForLater(event(60), store);
    for (const status of [502, 503, 408, 429]) {
      const send = vi.fn(async () => new Response(null, { status }));
      expect(await flushQueue(store, send), String(status)).toBe(0);
      expect(send).toHaveBeenCalledTimes(1);
      expect(store.items.size, String(status)).toBe(2);
    }
    // A refusal (the class was deleted meanwhile, say) would be refused again: it goes, the rest is sent.
    const answers = [404, 200];
    const send = async () => new Response(null, { status: answers.shift() ?? 200 });
    expect(await flushQueue(store, send)).toBe(2);
    expect(store.items.size).toBe(0);
  });

  it("sending what waits, a completion set by hand (kept by an earlier version) goes unsent: a copy sent later could undo what the learner did since; the sleep timer's waits", async () => {
    const store = memoryStore();
    const completion = (body: object): QueuedRequest => ({
      method: 'PUT',
      url: '/api/progress/5/completion',
      body,
    });
    await queueForLater(completion({ completed: true }), store);
    await queueForLater(completion({ completed: true, reason: 'asleep' }), store);
    const send = vi.fn(async (_queued: QueuedRequest) => new Response(null, { status: 503 }));
    expect(await flushQueue(store, send)).toBe(0);
    expect(send.mock.calls.map(([queued]) => queued.body)).toEqual([
      expect.objectContaining({ completed: true, reason: 'asleep' }),
    ]);
    expect([...store.items.values()].map((queued) => queued.body)).toEqual([
      expect.objectContaining({ completed: true, reason: 'asleep' }),
    ]);
  });

  it('is forgotten when the member signs out, so nobody who signs in next on the phone is sent it', async () => {
    const store = memoryStore();
    await queueForLater(event(30), store);
    await clearQueue(store);
    const send = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await flushQueue(store, send)).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('a day after it was made, drops a call the server still cannot take, so the calls after it go', async () => {
    const store = memoryStore();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T23:10:00Z') });
    await queueForLater(event(30), store);
    await queueForLater(event(60), store);
    const sent: unknown[] = [];
    const send = async (queued: QueuedRequest) => {
      const position = (queued.body as { position_sec: number }).position_sec;
      if (position === 30) return new Response(null, { status: 500 });
      sent.push(position);
      return new Response(null, { status: 200 });
    };
    vi.setSystemTime(new Date('2026-11-27T07:30:00Z'));
    expect(await flushQueue(store, send)).toBe(0);
    expect(store.items.size).toBe(2);
    vi.setSystemTime(new Date('2026-11-28T07:30:00Z'));
    expect(await flushQueue(store, send)).toBe(2);
    expect(sent).toEqual([60]);
    expect(store.items.size).toBe(0);
  });
});

describe('when what waits is sent', () => {
  it('at start, when the network returns, and when the app comes back into view, telling of what was delivered', async () => {
    const send = vi.fn(async () => 1);
    const delivered = vi.fn();
    startOfflineQueue(delivered, send);
    expect(send).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(send).toHaveBeenCalledTimes(2);

    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledTimes(2);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledTimes(3);
    visibility.mockRestore();
    await vi.waitFor(() => expect(delivered).toHaveBeenCalledTimes(3));
  });
});
