import type { Context } from 'koa';
import type { MediaStore, StoredMedia } from '@sleep-ritual/platform/media-store';

/** Stored files never change (a new upload gets a new name), so browsers may keep them for a year. */
const LONG_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves `/media/{name}` from the media store: the type the upload sniffed (by the name the server
 * gave it), a year of caching, and byte ranges (audio players seek with them). Only GET and HEAD; a
 * name the server could not have given, or one it does not hold, is a 404.
 */
export async function serveMedia(ctx: Context, store: MediaStore, name: string): Promise<void> {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.status = 405;
    ctx.set('Allow', 'GET, HEAD');
    ctx.body = { error: 'Method not allowed' };
    return;
  }
  const file = await store.get(name);
  if (!file) {
    ctx.status = 404;
    ctx.body = { error: 'Not found' };
    return;
  }
  const etag = `"${file.bytes.toString(16)}-${file.modifiedAt.getTime().toString(16)}"`;
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Cache-Control', LONG_CACHE);
  ctx.set('ETag', etag);
  ctx.set('Last-Modified', file.modifiedAt.toUTCString());
  // Nothing served here is a page: even a browser that ignored the type could run nothing from it.
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");

  if (ctx.get('If-None-Match') === etag) {
    ctx.status = 304;
    return;
  }
  const range = requestedRange(ctx, file, etag);
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${file.bytes}`);
    ctx.body = { error: 'The requested range is outside the file.' };
    return;
  }
  ctx.status = range ? 206 : 200;
  if (range) ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${file.bytes}`);
  if (ctx.method === 'GET') ctx.body = file.read(range ?? undefined);
  ctx.type = file.contentType;
  ctx.length = range ? range.end - range.start + 1 : file.bytes;
}

/**
 * The one range asked for (`bytes=0-99`, `bytes=100-`, `bytes=-100`), null to send the whole file (no
 * Range, several ranges, a stale If-Range, or a header we do not read), or 'unsatisfiable'.
 */
function requestedRange(
  ctx: Context,
  file: StoredMedia,
  etag: string,
): { start: number; end: number } | null | 'unsatisfiable' {
  const header = ctx.get('Range');
  if (!header) return null;
  const ifRange = ctx.get('If-Range');
  if (ifRange && ifRange !== etag && ifRange !== file.modifiedAt.toUTCString()) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const last = file.bytes - 1;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || file.bytes === 0) return 'unsatisfiable';
    return { start: Math.max(0, file.bytes - suffix), end: last };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null; // not a valid range: ignored
  if (start > last) return 'unsatisfiable';
  return { start, end: match[2] === '' ? last : Math.min(Number(match[2]), last) };
}
