import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sample } from '../test/fixtures/catalog.ts';
import { MemoryCaches } from '../test/memory-caches.ts';
import {
  clearSavedNights,
  listSavedNights,
  pruneSavedNights,
  savedNight,
  saveNightOffline,
} from './offline-tracks.ts';

const learner = { id: 7, email: 'sam@example.com', firstName: 'Sam', lastName: null };
const nightOne = sample.classDetails({ id: 101, audioUrl: '/media/demo/night-1.wav' });
const nightTwo = sample.classDetails({ id: 102, title: 'Night two', audioUrl: '/media/demo/night-2.wav' });
const track = new Uint8Array(12_345);

/** The server: the signed-in learner, two tracks, and the details of the nights they may still open. */
let openNights: Set<number>;
let signedIn: typeof learner;
let memory: MemoryCaches;

beforeEach(() => {
  openNights = new Set([101, 102]);
  signedIn = learner;
  memory = new MemoryCaches();
  vi.stubGlobal('caches', memory);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user') return Response.json(signedIn);
      if (url.startsWith('/media/')) return new Response(track, { headers: { 'Content-Type': 'audio/wav' } });
      const id = Number(/^\/api\/classes\/(\d+)\/details$/.exec(url)?.[1]);
      if (!openNights.has(id)) return Response.json({ error: 'You do not have access' }, { status: 403 });
      return Response.json(id === 101 ? nightOne : nightTwo);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nights saved for offline', () => {
  it('keeps a saved night with the space its track takes, and lists it', async () => {
    expect(await saveNightOffline(nightOne)).toBe(12_345);
    expect(await savedNight(101)).toMatchObject({ bytes: 12_345, details: { id: 101 } });
    expect(await savedNight(102)).toBeNull();
    expect((await listSavedNights()).map((night) => night.details.id)).toEqual([101]);
  });

  it('at the next online start, deletes the tracks of a programme the learner no longer owns', async () => {
    await saveNightOffline(nightOne);
    await saveNightOffline(nightTwo);
    openNights.delete(102); // refunded: the server no longer opens it to this learner

    await pruneSavedNights(learner.id);

    expect(await savedNight(102)).toBeNull();
    expect(await savedNight(101)).not.toBeNull();
    const cache = await memory.open('sleep-ritual-offline-nights');
    expect(await cache.match('/media/demo/night-2.wav')).toBeUndefined();
    expect(await cache.match('/media/demo/night-1.wav')).toBeDefined();
  });

  it('keeps everything when the network is down at start', async () => {
    await saveNightOffline(nightOne);
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    await pruneSavedNights(learner.id);
    expect(await savedNight(101)).not.toBeNull();
  });

  it("deletes another learner's nights when someone else signs in on the device", async () => {
    await saveNightOffline(nightOne);
    await pruneSavedNights(99);
    expect(await listSavedNights()).toEqual([]);
  });

  it('sign-out deletes every saved track and kept answer of the learner', async () => {
    await saveNightOffline(nightOne);
    await saveNightOffline(nightTwo);
    await clearSavedNights();
    expect(await listSavedNights()).toEqual([]);
    expect(memory.stores.size).toBe(0);
  });
});
