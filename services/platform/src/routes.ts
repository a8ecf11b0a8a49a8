/**
 * The one route table of the origin. The development gateway and the production nginx config
 * (infra/nginx/routes.conf, generated from this by `npm run infra:nginx`) both follow it.
 */

import { QUEUE_VIEW_PATH } from '@sleep-ritual/contracts/admin-members';
import { isUnderPrefix } from '@sleep-ritual/contracts/app-routes';

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
    '/api/admin/product-mappings',
    '/api/admin/members',
    '/api/admin/orders',
    '/api/admin/engagement',
    '/api/admin/exports',
    '/api/admin/audit-log',
    QUEUE_VIEW_PATH,
  ],
  progress: ['/api/progress'],
  webhooks: ['/api/webhooks'],
};

/** Where the members app's built files are served from (Vite's `base`). */
export const membersAppAssetsPrefix = '/app/';

/** Where the media store (MEDIA_DIR: audio, images) is served from, with byte ranges. */
export const mediaPrefix = '/media/';

/** The only files served from the media store, by extension, and their types. */
export const mediaTypes: Readonly<Record<string, string>> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

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
