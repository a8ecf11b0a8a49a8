import { serviceWorkerFile } from '@sleep-ritual/contracts/web-app';

/**
 * Registers the service worker that keeps the app shell for a poor connection (production builds
 * only: `vite dev` has no built shell). Its scope is the whole origin, which the server allows with
 * Service-Worker-Allowed, because the app's routes share no prefix. Without it the app still works.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}${serviceWorkerFile}`, { scope: '/' })
      .catch(() => undefined);
  // After the page has loaded, so that the shell's downloads never compete with the first screen's
  // (the app registers it at its first render, which may come after the page's load: then at once).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
