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
const VTT = 'WEBVTT\n\n00:00.000 --> 00:10.000\nRain on a tin roof.\n';
let nightThree = sample.classDetails({
  id: 103,
  title: 'Night three',
  audioUrl: '/media/demo/night-3.wav',
  transcriptUrl: '/api/classes/103/transcript',
});

/** The server: the signed-in learner, two tracks, and the details of the nights they may still open. */
let openNights: Set<number>;
let signedIn: typeof learner;
let memory: MemoryCaches;

beforeEach(() => {
  openNights = new Set([101, 102, 103]);
  signedIn = learner;
  memory = new MemoryCaches();
  vi.stubGlobal('caches', memory);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/user') return Response.json(signedIn);
      if (url === '/api/classes/103/transcript')
        return new Response(VTT, { headers: { 'Content-Type': 'text/vtt; charset=utf-8' } });
      if (url.startsWith('/media/')) return new Response(track, { headers: { 'Content-Type': 'audio/wav' } });
      const id = Number(/^\/api\/classes\/(\d+)\/details$/.exec(url)?.[1]);
      if (!openNights.has(id)) return Response.json({ error: 'You do not have access' }, { status: 403 });
      return Response.json(id === 101 ? nightOne : id === 102 ? nightTwo : nightThree);
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

  it("keeps a night's transcript with it, for the panel and the captions offline, and lets it go with it", async () => {
    await saveNightOffline(nightThree);
    const cache = await memory.open('sleep-ritual-offline-nights');
    const saved = await cache.match('/api/classes/103/transcript');
    expect(await saved?.text()).toBe(VTT);

    // The transcript was taken away since: the fresh details say so at the next online start.
    const withTranscript = nightThree;
    nightThree = { ...nightThree, transcriptUrl: null };
    await pruneSavedNights(learner.id);
    expect(await savedNight(103)).not.toBeNull();
    expect(await cache.match('/api/classes/103/transcript')).toBeUndefined();

    nightThree = withTranscript;
    await pruneSavedNights(learner.id);
    expect(await (await cache.match('/api/classes/103/transcript'))?.text()).toBe(VTT);
    openNights.delete(103);
    await pruneSavedNights(learner.id);
    expect(await cache.match('/api/classes/103/transcript')).toBeUndefined();
  });

  it('saves a night whose transcript cannot be fetched without it, and keeps nothing when its track fails', async () => {
    const fetchAnswers = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).endsWith('/transcript') ? new Response('', { status: 503 }) : fetchAnswers(url),
    );
    await saveNightOffline(nightThree);
    expect(await savedNight(103)).not.toBeNull();
    const cache = await memory.open('sleep-ritual-offline-nights');
    expect(await cache.match('/api/classes/103/transcript')).toBeUndefined();

    await clearSavedNights();
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).startsWith('/media/') ? new Response('', { status: 503 }) : fetchAnswers(url),
    );
    await expect(saveNightOffline(nightThree)).rejects.toThrow(/503/);
    const after = await memory.open('sleep-ritual-offline-nights');
    expect(await after.keys()).toEqual([]);
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
