/**
 * Nights kept on the device for listening offline: the page stores a night's track, its details answer
 * and the sign-in answer in one Cache Storage cache (lib/offline-tracks.ts); the service worker (sw.ts)
 * answers from it when the network cannot, and serves the tracks' byte ranges so seeking works. Kept
 * free of the worker's globals so the rules can be tested.
 */

/** The one cache of saved nights; sign-out deletes it whole. */
export const OFFLINE_CACHE = 'sleep-ritual-offline-nights';

/**
 * The answers a saved night needs to open offline: who is signed in, the night's details, and its
 * transcript (the panel and the captions track), the text alternative of its sound.
 */
export const SIGN_IN_ANSWER_URL = '/api/user';
const CLASS_DETAILS_PATH = /^\/api\/classes\/\d+\/details$/;
const TRANSCRIPT_PATH = /^\/api\/classes\/\d+\/transcript$/;

export function classDetailsUrl(classId: number): string {
  return `/api/classes/${classId}/details`;
}

/** Where a class's transcript is, as its details' transcriptUrl names it. */
export function transcriptUrl(classId: number): string {
  return `/api/classes/${classId}/transcript`;
}

export function isClassDetailsPath(pathname: string): boolean {
  return CLASS_DETAILS_PATH.test(pathname);
}

/**
 * - `saved-answer`: the sign-in, a class's details or transcript: the network's answer, else the saved one;
 * - `saved-track`: audio or media: the saved track (ranges served from it), else the network;
 * - `other`: not this cache's business.
 */
export type OfflineHandling = 'saved-answer' | 'saved-track' | 'other';

export function offlineHandlingOf(
  request: Pick<Request, 'method' | 'url' | 'destination'>,
  origin: string,
): OfflineHandling {
  if (request.method !== 'GET') return 'other';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'other';
  if (
    url.pathname === SIGN_IN_ANSWER_URL ||
    isClassDetailsPath(url.pathname) ||
    TRANSCRIPT_PATH.test(url.pathname)
  )
    return 'saved-answer';
  if (request.destination === 'audio' || url.pathname.startsWith('/media/')) return 'saved-track';
  return 'other';
}

/**
 * How much of a saved track one open-ended range (`bytes=a-`, what a media element asks first) gets:
 * the element asks again for more as it plays, and a seek further on is a request of its own.
 */
export const OPEN_RANGE_BYTES = 2 * 1024 * 1024;

/**
 * A saved whole file as the answer to a request's Range header: 206 with its Content-Range for a
 * satisfiable range (`bytes=a-b`, `bytes=-n`, and `bytes=a-` up to OPEN_RANGE_BYTES), 416 for one past
 * the end, the whole file (200) without a range or with one it does not understand (several ranges).
 */
export async function rangeAnswer(saved: Response, range: string | null): Promise<Response> {
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return saved;
  // A Blob, not an ArrayBuffer: a slice of it is read from disk as it is sent, so a night's 200 MB WAV
  // is not read whole into memory for each 2 MB the player asks for.
  const body = await saved.blob();
  const size = body.size;
  const type = saved.headers.get('Content-Type') ?? 'application/octet-stream';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = Math.min(match[2] === '' ? start + OPEN_RANGE_BYTES - 1 : Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
  }
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      'Content-Type': type,
      'Content-Length': String(end - start + 1),
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Accept-Ranges': 'bytes',
    },
  });
}

/** How long a saved night's answer waits for the network before the saved copy answers. */
export const SAVED_ANSWER_TIMEOUT_MS = 3_000;

/**
 * A saved answer's request: the network's answer when it comes. Where a copy is saved, the copy answers
 * instead when the network fails, answers a server error or takes longer than `timeoutMs` (one bar in
 * the bedroom); where none is, the network's answer or failure, however long it takes. A 200 refreshes
 * the saved copy whenever it arrives, after the copy answered too, so a saved night's progress stays
 * current: `keepAlive` (the fetch event's waitUntil) keeps the worker running until it is written. Only
 * a copy still saved is refreshed: sign-out (which deletes them all) or removing the night may have
 * come first.
 */
export async function networkThenSaved(
  request: Request,
  cache: Pick<Cache, 'match' | 'put'>,
  fetchFromNetwork: (request: Request) => Promise<Response>,
  options: { timeoutMs?: number; keepAlive?: (work: Promise<unknown>) => void } = {},
): Promise<Response> {
  const { timeoutMs = SAVED_ANSWER_TIMEOUT_MS, keepAlive } = options;
  const network = fetchFromNetwork(request);
  const saved = await cache.match(request.url);
  if (!saved) return network;
  const refreshed = network.then(async (response) => {
    if (response.status === 200 && (await cache.match(request.url))) {
      await cache.put(request.url, response.clone());
    }
    return response;
  });
  try {
    keepAlive?.(refreshed.catch(() => undefined));
  } catch {
    // A browser that will not extend the event now: the answer still goes, the copy waits for the next visit.
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  try {
    const first = await Promise.race([refreshed.catch(() => 'failed' as const), timedOut]);
    return first instanceof Response && first.status < 500 ? first : saved;
  } finally {
    clearTimeout(timer);
  }
}
