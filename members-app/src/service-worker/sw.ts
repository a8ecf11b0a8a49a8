/// <reference lib="webworker" />
/**
 * The members app's service worker: keeps this build's app shell (its page, JS, CSS, manifest and
 * icons) so the app opens on a poor connection or none. API answers and media never pass through it.
 * Built on its own by members-app/pwa/app-shell-plugin.ts, which writes in `__APP_SHELL__`.
 */
import {
  type AppShell,
  cacheFirst,
  cacheName,
  handlingOf,
  NETWORK_ONLY_PREFIXES,
  networkFirst,
  staleCaches,
} from './shell-cache.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __APP_SHELL__: AppShell;

const shell = __APP_SHELL__;
const CACHE = cacheName(shell);
/** How long a navigation waits for the network before the cached shell opens instead. */
const NAVIGATION_TIMEOUT_MS = 3_000;

/** Chromium's static routing: matching requests go to the network without starting this worker. */
type NetworkRoute = { condition: { urlPattern: string }; source: 'network' };
type RoutableInstallEvent = ExtendableEvent & { addRoutes?: (rules: NetworkRoute[]) => Promise<void> };

self.addEventListener('install', (event: RoutableInstallEvent) => {
  if (event.addRoutes) {
    const routes = NETWORK_ONLY_PREFIXES.map((prefix): NetworkRoute => ({
      condition: { urlPattern: `${prefix}/*` },
      source: 'network',
    }));
    // The fetch handler leaves these requests alone anyway; this only spares it the trip.
    event.waitUntil(event.addRoutes(routes).catch(() => undefined));
  }
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
