/// <reference lib="webworker" />
/**
 * The members app's service worker: keeps this build's app shell (its page, JS, CSS, manifest and
 * icons) so the app opens on a poor connection or none, and answers from the nights the learner saved
 * for offline (offline-cache.ts): their tracks, byte ranges included, and, when the network cannot,
 * their details and the sign-in. Other API answers and media are left to the network.
 * Built on its own by members-app/pwa/app-shell-plugin.ts, which writes in `__APP_SHELL__`.
 */
import { networkThenSaved, OFFLINE_CACHE, offlineHandlingOf, rangeAnswer } from './offline-cache.ts';
import {
  type AppShell,
  cacheFirst,
  cacheName,
  handlingOf,
  networkFirst,
  staleCaches,
} from './shell-cache.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __APP_SHELL__: AppShell;

const shell = __APP_SHELL__;
const CACHE = cacheName(shell);
/** How long a navigation waits for the network before the cached shell opens instead. */
const NAVIGATION_TIMEOUT_MS = 3_000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The browser's HTTP cache may answer: hashed files are immutable, and the server asks for the
      // others to be revalidated, so nothing stale comes from it and the page's own downloads are reused.
      await cache.addAll(shell.precache);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const offline = offlineHandlingOf(event.request, self.location.origin);
  if (offline === 'saved-answer') {
    event.respondWith(
      networkThenSaved(event.request, savedNights, fetch, { keepAlive: (work) => event.waitUntil(work) }),
    );
    return;
  }
  if (offline === 'saved-track') {
    event.respondWith(savedTrackOrNetwork(event.request));
    return;
  }
  const handling = handlingOf(event.request, self.location.origin, shell);
  if (handling === 'shell') {
    event.respondWith(
      networkFirst(
        fetch(event.request),
        async () => (await caches.open(CACHE)).match(shell.shellUrl),
        NAVIGATION_TIMEOUT_MS,
      ),
    );
  } else if (handling === 'app-file') {
    event.respondWith(caches.open(CACHE).then((cache) => cacheFirst(event.request, cache, fetch)));
  }
});

/** The saved nights' cache, opened (so made) only to write to: a learner who saves nothing has none. */
const savedNights: Pick<Cache, 'match' | 'put'> = {
  match: (request, options) => caches.match(request, { ...options, cacheName: OFFLINE_CACHE }),
  put: async (request, response) => (await caches.open(OFFLINE_CACHE)).put(request, response),
};

/** A saved track from the cache, the asked byte range of it when there is one; else the network's. */
async function savedTrackOrNetwork(request: Request): Promise<Response> {
  const saved = await savedNights.match(request.url);
  if (!saved) return fetch(request);
  return rangeAnswer(saved, request.headers.get('Range'));
}
