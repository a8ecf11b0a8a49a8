import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { isSavableTrack } from '@sleep-ritual/contracts/media-paths';
import {
  classDetailsUrl,
  isClassDetailsPath,
  OFFLINE_CACHE,
  SIGN_IN_ANSWER_URL,
  transcriptUrl,
} from '../service-worker/offline-cache.ts';

/**
 * Nights saved on this device for listening offline, in the cache the service worker answers from
 * (service-worker/offline-cache.ts): each night's track, details answer and transcript, the sign-in
 * answer, and whose they are. Saving asks the browser to keep them (`navigator.storage.persist()`); sign-out deletes
 * them all; an online start deletes those of programmes the learner no longer owns.
 */

/** Who saved what is in the cache: another learner signing in on this device starts afresh. */
const OWNER_URL = '/offline-nights/owner';

export type SavedNight = { details: ClassDetails; bytes: number };

/** Cache Storage, where the browser has it (not in an insecure page or an old browser). */
function storage(): CacheStorage | null {
  return typeof caches === 'undefined' ? null : caches;
}

export function canSaveOffline(): boolean {
  return storage() !== null;
}

function json(value: unknown): Response {
  return new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });
}

/** Fetches a same-origin answer with the learner's credentials; a failure says what failed. */
async function fetchWhole(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/**
 * Saves a night for offline: its whole track, its details and the sign-in answer. Answers the bytes
 * the track takes.
 */
export async function saveNightOffline(details: ClassDetails): Promise<number> {
  const cacheStorage = storage();
  if (!cacheStorage || !isSavableTrack(details.audioUrl))
    throw new Error('This night cannot be saved on this device.');
  // Everything is fetched before anything is kept: a failure keeps nothing (no track nothing lists). A
  // transcript that cannot be fetched leaves the night saved without one (its details are kept so).
  const [track, user, transcript] = await Promise.all([
    fetchWhole(details.audioUrl),
    fetchWhole(SIGN_IN_ANSWER_URL),
    details.transcriptUrl ? fetchWhole(details.transcriptUrl).catch(() => null) : null,
  ]);
  const { currentUserSchema } = await import('@sleep-ritual/contracts/user');
  const { id: userId } = currentUserSchema.parse(await user.clone().json());
  const owner = await readOwner(await cacheStorage.open(OFFLINE_CACHE));
  if (owner !== null && owner !== userId) await clearSavedNights();
  const fresh = await cacheStorage.open(OFFLINE_CACHE);
  const body = await track.blob();
  await fresh.put(
    details.audioUrl,
    new Response(body, {
      headers: {
        'Content-Type': track.headers.get('Content-Type') ?? 'application/octet-stream',
        'Content-Length': String(body.size),
      },
    }),
  );
  await fresh.put(SIGN_IN_ANSWER_URL, user);
  await fresh.put(OWNER_URL, json(userId));
  await keepTranscript(fresh, details.id, transcript);
  await fresh.put(classDetailsUrl(details.id), json(details));
  // Without it the browser may clear the cache when space runs low; a refusal changes nothing else.
  await navigator.storage?.persist?.().catch(() => false);
  return body.size;
}

/** The night's transcript beside its track, for the panel and the captions offline; none, none kept. */
async function keepTranscript(cache: Cache, classId: number, transcript: Response | null): Promise<void> {
  if (transcript) await cache.put(transcriptUrl(classId), transcript);
  else await cache.delete(transcriptUrl(classId));
}

/** The saved night of a class, with the bytes its track takes; null when it is not saved. */
export async function savedNight(classId: number): Promise<SavedNight | null> {
  const cacheStorage = storage();
  if (!cacheStorage || !(await cacheStorage.has(OFFLINE_CACHE))) return null;
  const cache = await cacheStorage.open(OFFLINE_CACHE);
  return readSavedNight(cache, classDetailsUrl(classId));
}

/** A class's details from a saved or fresh answer; null when it is not one. */
async function readDetails(answer: Response): Promise<ClassDetails | null> {
  // Imported here: the offline screen that lists saved nights is in the first load, zod is not.
  const { classDetailsSchema } = await import('@sleep-ritual/contracts/catalog');
  const parsed = classDetailsSchema.safeParse(await answer.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

async function readSavedNight(cache: Cache, detailsUrl: string): Promise<SavedNight | null> {
  const answer = await cache.match(detailsUrl);
  const details = answer ? await readDetails(answer) : null;
  if (!details?.audioUrl) return null;
  const track = await cache.match(details.audioUrl);
  if (!track) return null;
  const bytes = Number(track.headers.get('Content-Length')) || (await track.blob()).size;
  return { details, bytes };
}

/** Every saved night, in the order the learner's programme has them (path, then class id). */
export async function listSavedNights(): Promise<SavedNight[]> {
  const cacheStorage = storage();
  if (!cacheStorage || !(await cacheStorage.has(OFFLINE_CACHE))) return [];
  const cache = await cacheStorage.open(OFFLINE_CACHE);
  const nights: SavedNight[] = [];
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url, location.origin);
    if (!isClassDetailsPath(pathname)) continue;
    const night = await readSavedNight(cache, pathname);
    if (night) nights.push(night);
  }
  return nights.sort((a, b) => a.details.pathId - b.details.pathId || a.details.id - b.details.id);
}

/**
 * Removes one saved night: its track, transcript and details (the sign-in answer stays for the
 * others).
 */
export async function removeSavedNight(classId: number): Promise<void> {
  const cacheStorage = storage();
  if (!cacheStorage || !(await cacheStorage.has(OFFLINE_CACHE))) return;
  const cache = await cacheStorage.open(OFFLINE_CACHE);
  const night = await readSavedNight(cache, classDetailsUrl(classId));
  if (night?.details.audioUrl) await cache.delete(night.details.audioUrl);
  await cache.delete(transcriptUrl(classId));
  await cache.delete(classDetailsUrl(classId));
}

/** Sign-out: every saved track and answer of the learner goes. */
export async function clearSavedNights(): Promise<void> {
  await storage()?.delete(OFFLINE_CACHE);
}

async function readOwner(cache: Cache): Promise<number | null> {
  const answer = await cache.match(OWNER_URL);
  const owner: unknown = answer ? await answer.json().catch(() => null) : null;
  return typeof owner === 'number' ? owner : null;
}

/**
 * At an online start: the nights of another learner go whole; each saved night is asked for again,
 * and goes when the server no longer lets this learner open it (a refund, a revoked order, a deleted
 * class), or is kept with its fresh details. A network failure keeps everything.
 */
export async function pruneSavedNights(userId: number): Promise<void> {
  const cacheStorage = storage();
  if (!cacheStorage || !(await cacheStorage.has(OFFLINE_CACHE))) return;
  const cache = await cacheStorage.open(OFFLINE_CACHE);
  const owner = await readOwner(cache);
  if (owner !== userId) {
    await clearSavedNights();
    return;
  }
  for (const night of await listSavedNights()) {
    const url = classDetailsUrl(night.details.id);
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'include' });
    } catch {
      return;
    }
    if ([401, 403, 404, 410].includes(response.status)) await removeSavedNight(night.details.id);
    else if (response.status === 200) {
      // A transcript added or taken away since the night was saved follows the fresh details.
      const details = await readDetails(response.clone());
      if (details?.transcriptUrl) {
        const transcript = await fetchWhole(details.transcriptUrl).catch(() => null);
        // Kept as it was when it cannot be fetched now.
        if (transcript) await keepTranscript(cache, details.id, transcript);
      } else if (details) await keepTranscript(cache, details.id, null);
      await cache.put(url, response);
    }
  }
}
