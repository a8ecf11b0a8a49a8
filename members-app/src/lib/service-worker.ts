import { serviceWorkerFile } from '@sleep-ritual/contracts/web-app';

/**
 * Registers the service worker that keeps the app shell for a poor connection (production builds
 * only: `vite dev` has no built shell). Its scope is the whole origin, which the server allows with
 * Service-Worker-Allowed, because the app's routes share no prefix. Without it the app still works.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}${serviceWorkerFile}`, { scope: '/' })
      .catch(() => undefined);
  });
}
