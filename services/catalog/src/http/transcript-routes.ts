import type Router from '@koa/router';
import type { Context } from 'koa';
import { TRANSCRIPT_MAX_BYTES, TRANSCRIPT_MESSAGES } from '@sleep-ritual/contracts/webvtt';
import {
  BadRequestError,
  PayloadTooLargeError,
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

async function readVttBody(ctx: Context): Promise<string> {
  if (Number(ctx.get('content-length') || 0) > TRANSCRIPT_MAX_BYTES)
    throw new PayloadTooLargeError(TRANSCRIPT_MESSAGES.tooLarge);
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > TRANSCRIPT_MAX_BYTES) throw new PayloadTooLargeError(TRANSCRIPT_MESSAGES.tooLarge);
    chunks.push(chunk);
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
