import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Context } from 'koa';
import type { Config } from '@sleep-ritual/platform/config';
import {
  AUDIO_CACHE_CONTROL,
  isMediaName,
  MEDIA_ACCESS_PATH,
  MEDIA_PATH_HEADER,
  MEDIA_URL_PREFIX,
} from '@sleep-ritual/contracts/media';
import { isAudioMedia, mediaTypes } from '@sleep-ritual/platform/routes';
import { forwardedProtocol } from './proxy.ts';

/** A file of the media store that may be served: its path in MEDIA_DIR, normalised (see mediaFileOf). */
export type MediaFile = string & { readonly __brand: 'MediaFile' };

/**
 * The file of the media store a decoded path under /media/ names, or null if it names none that may be
 * served: hidden files (the uploads in progress in `.uploads/`), unknown types and folders are not
 * found, and no path leaves the folder. Dot segments are resolved here (`night.mp3/.` and
 * `night.mp3/a/..` name `night.mp3`), so the audio check and sendMedia must both take this name, never
 * the address as sent.
 */
export function mediaFileOf(relative: string): MediaFile | null {
  const clean = path.posix.normalize(`/${relative}`).slice(1);
  if (clean === '' || clean.endsWith('/')) return null;
  if (clean.split('/').some((part) => part.startsWith('.'))) return null;
  if (!mediaTypes[path.posix.extname(clean).slice(1).toLowerCase()]) return null;
  return clean as MediaFile;
}

/**
 * Serves a file of the media store (MEDIA_DIR) with byte ranges, as nginx does in production: an audio
 * element asks for ranges to learn a file's length, to seek and to resume. One range per request
 * (206 with Content-Range); a range past the end is 416; several ranges get the whole file, which
 * the standard allows.
 * Answers false when there is no such file.
 */
export async function sendMedia(ctx: Context, root: string, clean: MediaFile): Promise<boolean> {
  const type = mediaTypes[path.posix.extname(clean).slice(1).toLowerCase()];
  if (!type) return false;
  const file = path.join(root, clean);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;

  const size = info.size;
  ctx.type = type;
  ctx.set('Accept-Ranges', 'bytes');
  // Audio is served only to its listeners (the caller checked): their browser may keep it, asking again
  // each time, so a learner who loses access loses the track. An uploaded image's random name is never
  // given to other bytes: it may be kept for a year. Other images are kept for an hour.
  ctx.set(
    'Cache-Control',
    isAudioMedia(clean)
      ? AUDIO_CACHE_CONTROL
      : isMediaName(clean)
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
  );
  ctx.lastModified = info.mtime;
  ctx.etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  // Koa judges freshness only of a successful answer.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }

  const range = byteRange(ctx.get('Range'), size, ctx.get('If-Range'), ctx.response.get('ETag'));
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${size}`);
    ctx.body = '';
    return true;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) {
    ctx.status = 206;
    ctx.set('Content-Range', `bytes ${start}-${end}/${size}`);
  }
  // HEAD: Koa answers the headers alone; no file is opened.
  if (ctx.method !== 'HEAD') ctx.body = size === 0 ? '' : createReadStream(file, { start, end });
  ctx.length = Math.max(0, end - start + 1);
  return true;
}

/**
 * The one range of a `Range: bytes=…` header (`a-b`, `a-`, `-n`), null to send the whole file (no
 * header, another unit, several ranges, a stale If-Range, nonsense), or 'unsatisfiable'.
 */
function byteRange(
  header: string,
  size: number,
  ifRange: string,
  etag: string,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (ifRange && ifRange !== etag) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== '') return null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };

export type MediaAccess = { allowed: true } | { allowed: false; status: number; body: unknown };

/**
 * Asks the catalog whether this request may have the audio file, as nginx's `auth_request` does in
 * production (see MEDIA_ACCESS_PATH): the caller's cookies and host go with the question, and the
 * catalog's 401 or 403 is the answer. A catalog that does not answer is a 503. The question names the
 * file that will be served, not the address as sent, so no spelling of an address can be judged as one
 * file and served as another.
 */
export function mediaAccessCheck(
  config: Config,
  serviceHost: string,
): (ctx: Context, file: MediaFile) => Promise<MediaAccess> {
  let turn = 0;
  return (ctx, file) =>
    new Promise((resolve) => {
      const ports = config.replicaPorts.catalog;
      const port = ports[turn++ % ports.length];
      // A client already gone (its connection reset) has no address left, and nobody to answer.
      const client = ctx.req.socket.remoteAddress;
      if (port === undefined || client === undefined)
        return resolve({ allowed: false, status: 503, body: UNAVAILABLE });
      const headers: http.OutgoingHttpHeaders = {
        host: ctx.get('host'),
        [MEDIA_PATH_HEADER.toLowerCase()]: `${MEDIA_URL_PREFIX}${file.split('/').map(encodeURIComponent).join('/')}`,
        'x-forwarded-for': client,
        'x-forwarded-proto': forwardedProtocol(ctx.req),
        'x-forwarded-host': ctx.get('host'),
      };
      if (ctx.get('cookie')) headers.cookie = ctx.get('cookie');
      const request = http.get(
        { host: serviceHost, port, path: MEDIA_ACCESS_PATH, headers, timeout: 5_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 502;
            if (status >= 200 && status < 300) return resolve({ allowed: true });
            if (status !== 401 && status !== 403) {
              return resolve({ allowed: false, status: 503, body: UNAVAILABLE });
            }
            let body: unknown;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              body = { error: 'Not allowed.' };
            }
            resolve({ allowed: false, status, body });
          });
          response.on('error', () => resolve({ allowed: false, status: 503, body: UNAVAILABLE }));
        },
      );
      request.on('timeout', () => request.destroy(new Error('media access check timed out')));
      request.on('error', () => resolve({ allowed: false, status: 503, body: UNAVAILABLE }));
    });
}
