/**
 * The files that make the members app installable, which its build writes (members-app/pwa) and the
 * servers treat specially; the e-mails show the app's icon as their logo.
 */

/** Icon files, relative to the members app's files prefix (`/app/`). */
export const appIcons = {
  /** Launchers and the e-mails' logo. */
  any192: 'icons/icon-192.png',
  any512: 'icons/icon-512.png',
  /** Android's adaptive icons: the moon sits inside the central safe circle, the colour fills the rest. */
  maskable512: 'icons/maskable-512.png',
  /** iOS home screen (it rounds the corners itself). */
  appleTouch: 'icons/apple-touch-icon.png',
} as const;

/** The manifest's file, relative to the members app's files prefix. */
export const webAppManifestFile = 'manifest.webmanifest';

/** The service worker's script, relative to the files prefix; it controls the whole origin. */
export const serviceWorkerFile = 'sw.js';
