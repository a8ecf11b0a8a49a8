/**
 * The rules of the members app's service worker (sw.ts), kept free of the worker's globals so they can
 * be tested: which requests it answers, from where, and which caches it clears.
 */
import { isMembersAppRoute, isUnderPrefix } from '@sleep-ritual/contracts/app-routes';

/** What the build tells the service worker (members-app/pwa/app-shell-plugin.ts writes it in). */
export type AppShell = {
  /** Changes whenever any built file does; names this version's cache. */
  version: string;
  /** Where the app's built files are served from: `/app/`. */
  filesPrefix: string;
  /** The service worker's own script, always fetched from the network. */
  scriptUrl: string;
  /** A page every app route answers with the SPA's index.html (the manifest's start_url). */
  shellUrl: string;
  /** Fetched at install: the shell page, the JS and CSS it loads, the manifest and the icons. */
  precache: string[];
};

export const CACHE_PREFIX = 'sleep-ritual-app-shell-';

export function cacheName(shell: Pick<AppShell, 'version'>): string {
  return `${CACHE_PREFIX}${shell.version}`;
}

/** Never part of the shell: the API and media (the saved nights' are offline-cache.ts's). */
const NETWORK_ONLY_PREFIXES = ['/api', '/media'] as const;

/**
 * - `shell`: a navigation to one of the app's routes: the network's page, or the cached shell offline;
 * - `app-file`: a built file under the app's prefix: from the cache, or fetched once and kept;
 * - `network`: everything else (API, media, the sales pages, other origins) is left to the browser.
 */
export type Handling = 'shell' | 'app-file' | 'network';

export function handlingOf(
  request: Pick<Request, 'method' | 'mode' | 'url'>,
  origin: string,
  shell: Pick<AppShell, 'filesPrefix' | 'scriptUrl'>,
): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (NETWORK_ONLY_PREFIXES.some((prefix) => isUnderPrefix(url.pathname, prefix))) return 'network';
  if (request.mode === 'navigate') return isMembersAppRoute(url.pathname) ? 'shell' : 'network';
  if (url.pathname.startsWith(shell.filesPrefix) && url.pathname !== shell.scriptUrl) return 'app-file';
  return 'network';
}

/** This service worker's caches of other versions: deleted once this version is active. */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/**
 * The network's answer, unless it fails, is a server error or is slower than `timeoutMs`: then the
 * fallback's (the cached shell) when there is one, so the app opens on a poor connection or none.
 */
export async function networkFirst(
  network: Promise<Response>,
  fallback: () => Promise<Response | undefined>,
  timeoutMs: number,
): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  try {
    const first = await Promise.race([network.catch(() => 'failed' as const), timedOut]);
    if (first instanceof Response && first.status < 500) return first;
    const cached = await fallback();
    if (cached) return cached;
    // Nothing cached yet: the network's answer after all, or its failure.
    return first instanceof Response ? first : await network;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A built file from the cache; otherwise from the network, kept when it is a whole 200 (lazily
 * loaded chunks, images; `handlingOf` sends only same-origin files here). Hashed names change with their content, and a new build is a new
 * cache, so nothing kept here goes stale.
 */
export async function cacheFirst(
  request: Request,
  cache: Pick<Cache, 'match' | 'put'>,
  fetchFromNetwork: (request: Request) => Promise<Response>,
): Promise<Response> {
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetchFromNetwork(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}
