/**
 * The one route table of the origin. The development gateway and the production nginx config
 * (infra/nginx/routes.conf, generated from this by `npm run infra:nginx`) both follow it.
 */

import { QUEUE_VIEW_PATH } from '@sleep-ritual/contracts/admin-members';
import { isUnderPrefix } from '@sleep-ritual/contracts/app-routes';
import { UNSUBSCRIBE_PATH } from '@sleep-ritual/contracts/reminders';
import { TRANSCRIPT_MAX_BYTES } from '@sleep-ritual/contracts/webvtt';
import {
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  MEDIA_ACCESS_PATH,
  MEDIA_CONTENT_TYPES,
  MEDIA_URL_PREFIX,
} from '@sleep-ritual/contracts/media';

export type ServiceName = 'auth' | 'catalog' | 'progress' | 'webhooks';

/** API prefixes by owning service. A prefix matches itself and anything below it (`/api/user/…`). */
export const apiRoutes: Record<ServiceName, readonly string[]> = {
  auth: [
    '/api/user',
    '/api/login',
    '/api/logout',
    '/api/forgot-password',
    '/api/reset-password',
    '/api/create-account',
    '/api/admin/check',
    '/api/admin/auth',
    '/api/admin/logout',
    '/api/account',
  ],
  catalog: [
    '/api/programs',
    '/api/my-programs',
    '/api/paths',
    '/api/classes',
    '/api/admin/programs',
    '/api/admin/phases',
    '/api/admin/paths',
    '/api/admin/classes',
    '/api/admin/deleted',
    '/api/admin/product-mappings',
    '/api/admin/members',
    '/api/admin/orders',
    '/api/admin/engagement',
    '/api/admin/exports',
    '/api/admin/audit-log',
    '/api/admin/media',
    '/api/admin/vimeo',
    QUEUE_VIEW_PATH,
    MEDIA_ACCESS_PATH,
  ],
  progress: ['/api/progress'],
  webhooks: ['/api/webhooks'],
};

/**
 * The calls whose query carries a secret: a mailed link's token (the password reset's check, the
 * reminders' one-click unsubscribe, which mail providers call with the address as it is) and the
 * checkout's signed redirect, which the create-account page passes on. No log may hold their query:
 * the services log paths alone, and nginx writes none of their request lines to its error log.
 */
export const secretQueryRoutes: readonly string[] = [
  '/api/create-account',
  '/api/reset-password',
  UNSUBSCRIBE_PATH,
];

/** Room for the multipart envelope around an uploaded file (boundaries, part headers, the file name). */
const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/** The largest body of any call but an upload, in bytes: what the services' body parser reads. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * The calls whose bodies are files, with the largest body each takes in bytes. Every other call's body
 * is limited to BODY_LIMIT_BYTES; the gateway and nginx let these through, streamed, up to their
 * limit, and the service enforces the file's own limit as the bytes arrive.
 */
export const uploadRoutes: Readonly<Record<string, number>> = {
  '/api/admin/media/images': IMAGE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES,
  '/api/admin/media/audio': AUDIO_MAX_BYTES + MULTIPART_ENVELOPE_BYTES,
};

/**
 * Calls whose bodies are files at an address with an id in it (`pattern`, an anchored regular
 * expression as both JavaScript and nginx read it), below one of the route table's prefixes (`under`),
 * with the largest body each takes: a class's transcript (WebVTT, sent as it is). nginx looks at such a
 * location inside its prefix's own.
 */
export const uploadPatterns: readonly { under: string; pattern: string; bytes: number }[] = [
  {
    under: '/api/admin/classes',
    pattern: '^/api/admin/classes/[0-9]+/transcript$',
    bytes: TRANSCRIPT_MAX_BYTES,
  },
];
const uploadPatternLimits = uploadPatterns.map(({ pattern, bytes }) => ({
  test: new RegExp(pattern),
  bytes,
}));

/** The largest body a call takes, in bytes: an upload's own limit, or BODY_LIMIT_BYTES. */
export function bodyLimitOf(path: string): number {
  return (
    uploadRoutes[path] ?? uploadPatternLimits.find(({ test }) => test.test(path))?.bytes ?? BODY_LIMIT_BYTES
  );
}

/**
 * How long the origin waits on a service between two reads of its answer (nginx's proxy_read_timeout,
 * the gateway's socket timeout) before it answers 503: a service that hangs ends in an answer the app
 * can offer to try again, not in a screen that loads for ever. Uploads, written to disk as they come,
 * get longer.
 */
export const UPSTREAM_READ_TIMEOUT_SECONDS = 60;
export const UPLOAD_READ_TIMEOUT_SECONDS = 300;

/** Where the members app's built files are served from (Vite's `base`). */
export const membersAppAssetsPrefix = '/app/';

/** Where the media store (MEDIA_DIR: audio, images) is served from, with byte ranges. */
export const mediaPrefix = MEDIA_URL_PREFIX;

/**
 * The only files served from the media store, by extension, and their types: those an upload is stored
 * as (named after the type sniffed from its bytes), and those placed there otherwise (the demo's audio).
 */
export const mediaTypes: Readonly<Record<string, string>> = {
  ...MEDIA_CONTENT_TYPES,
  flac: 'audio/flac',
  webm: 'audio/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The extensions of the audio files in `mediaTypes`: served only after the catalog said yes. */
export const audioExtensions: readonly string[] = Object.entries(mediaTypes)
  .filter(([, type]) => type.startsWith('audio/'))
  .map(([extension]) => extension);

/** Whether a path under the media prefix names an audio file (which only its listeners may fetch). */
export function isAudioMedia(relative: string): boolean {
  const extension = /\.([^./]+)$/.exec(relative)?.[1]?.toLowerCase();
  return extension !== undefined && audioExtensions.includes(extension);
}

/** The service that owns an API path, by its longest matching prefix. */
export function serviceForPath(path: string): ServiceName | undefined {
  let best: { service: ServiceName; length: number } | undefined;
  for (const [service, prefixes] of Object.entries(apiRoutes) as [ServiceName, readonly string[]][]) {
    for (const prefix of prefixes) {
      if (isUnderPrefix(path, prefix) && (!best || prefix.length > best.length)) {
        best = { service, length: prefix.length };
      }
    }
  }
  return best?.service;
}
