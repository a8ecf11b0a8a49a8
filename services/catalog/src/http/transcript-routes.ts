import type Router from '@koa/router';
import { finished, type Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Context } from 'koa';
import { TRANSCRIPT_MAX_BYTES, TRANSCRIPT_MESSAGES } from '@sleep-ritual/contracts/webvtt';
import {
  BadRequestError,
  PayloadTooLargeError,
  UNDECODABLE_BODY,
  UnsupportedMediaTypeError,
} from '@sleep-ritual/platform/errors';
import type { CatalogDeps } from '../deps.ts';
import { adminTranscript, deleteTranscript, saveTranscript } from '../domain/class-transcripts.ts';
import { idParam } from './admin-content-http.ts';

/**
 * A class's transcript, for admins: PUT a WebVTT body (text/vtt, at most 1 MB), GET it for the form,
 * DELETE it. The body parser leaves text/vtt alone, so it is read here, and refused the moment it passes
 * the limit.
 */
export function transcriptRoutes(router: Router, deps: CatalogDeps): void {
  const path = '/classes/:id/transcript';
  router.get(path, async (ctx) => {
    sendVtt(ctx, await adminTranscript(deps, idParam(ctx, 'id')));
  });
  router.put(path, async (ctx) => {
    const classId = idParam(ctx, 'id');
    if (!ctx.is('text/vtt')) throw new UnsupportedMediaTypeError(TRANSCRIPT_MESSAGES.notVtt);
    ctx.body = await saveTranscript(deps, classId, await readVttBody(ctx));
  });
  router.delete(path, async (ctx) => {
    await deleteTranscript(deps, idParam(ctx, 'id'));
    ctx.status = 204;
  });
}

/** Answers a transcript as the file players and `<track>` read; never cached by a shared cache. */
export function sendVtt(ctx: Context, vtt: string): void {
  ctx.type = 'text/vtt; charset=utf-8';
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = vtt;
}

/** The body's decoder for each Content-Encoding a client may send, as the JSON body parser reads them. */
const DECODERS: Record<string, () => Transform> = {
  gzip: () => createGunzip(),
  'x-gzip': () => createGunzip(),
  deflate: () => createInflate(),
  br: () => createBrotliDecompress(),
};

/**
 * The body as it was written, decoded as its Content-Encoding says: at most 1 MB once decoded (a small
 * body that inflates past it is refused as it inflates), UTF-8, no NUL.
 */
async function readVttBody(ctx: Context): Promise<string> {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase() || 'identity';
  const decoder = encoding === 'identity' ? undefined : DECODERS[encoding];
  if (encoding !== 'identity' && !decoder) throw new UnsupportedMediaTypeError(TRANSCRIPT_MESSAGES.encoding);
  if (!decoder && Number(ctx.get('content-length') || 0) > TRANSCRIPT_MAX_BYTES)
    throw new PayloadTooLargeError(TRANSCRIPT_MESSAGES.tooLarge);
  const decoding = decoder?.();
  if (decoding) {
    ctx.req.pipe(decoding);
    // A request that ends without its whole body (its client gone, before or during this) ends the
    // decoder too, or the reading below would wait for ever for the rest: pipe passes on no abort, and
    // pipeline would also destroy the request, and with it the socket a refusal is still to be written to.
    finished(ctx.req, (error) => {
      if (error) decoding.destroy(error);
    });
  }
  const source: AsyncIterable<Buffer> = decoding ?? ctx.req;
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of source) {
      bytes += chunk.length;
      if (bytes > TRANSCRIPT_MAX_BYTES) throw new PayloadTooLargeError(TRANSCRIPT_MESSAGES.tooLarge);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof PayloadTooLargeError) throw error;
    // zlib's errors carry no HTTP status: the body is not what its Content-Encoding says.
    if (decoder) throw new BadRequestError(UNDECODABLE_BODY);
    throw error;
  } finally {
    // The rest of a refused body is read and dropped after the answer (readRestOfBody): the decoder,
    // ended above, must not hold the request paused.
    if (decoding) ctx.req.unpipe(decoding);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new BadRequestError(TRANSCRIPT_MESSAGES.notUtf8);
  }
  // PostgreSQL cannot store NUL, and no transcript needs it.
  if (text.includes('\u0000')) throw new BadRequestError(TRANSCRIPT_MESSAGES.notUtf8);
  return text;
}
