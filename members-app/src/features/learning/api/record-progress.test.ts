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

  it('online, goes by beacon and keeps nothing', () => {
    const beacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, onLine: true, sendBeacon: beacon });
    const keep = vi.fn(async () => true);
    sendProgressBeacon(7, exit, keep);
    expect(beacon).toHaveBeenCalledWith('/api/progress/7', expect.any(Blob));
    expect(keep).not.toHaveBeenCalled();
  });
});
