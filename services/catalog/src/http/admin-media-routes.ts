import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type Router from '@koa/router';
import busboy from 'busboy';
import type { Context } from 'koa';
import {
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  imageUploadQuerySchema,
  MEDIA_MESSAGES,
} from '@sleep-ritual/contracts/media';
import {
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '@sleep-ritual/platform/errors';
import { directoryMediaStore, type MediaStore } from '@sleep-ritual/platform/media-store';
import { limitAddress, rateLimit } from '@sleep-ritual/platform/rate-limit';
import type { CatalogDeps } from '../deps.ts';
import { storeAudio, storeImage, type ReceivedFile } from '../domain/admin-media.ts';
import { adminRouter } from './admin-router.ts';

/** Uploads an address may make in an hour: a whole programme's images and tracks, with room to spare. */
const UPLOADS_PER_HOUR = 120;

/**
 * POST /api/admin/media/images?purpose=… and /api/admin/media/audio: a multipart/form-data body with
 * the file in the field `file`. Admin session, the shared Origin check and a per-address limit first;
 * then the file is streamed to a scratch file, checked, and stored under a random name (201).
 */
export function adminMediaRoutes(deps: CatalogDeps): Router {
  const router = adminRouter(deps, '/media');
  const media = deps.media ?? directoryMediaStore(deps.config.mediaDir);
  const uploads = rateLimit(deps.backends.counters, {
    name: 'media-uploads',
    limit: UPLOADS_PER_HOUR,
    windowSeconds: 3600,
    message: MEDIA_MESSAGES.tooMany,
  });

  router.post('/images', async (ctx) => {
    const { purpose } = imageUploadQuerySchema.parse(ctx.query);
    await uploads.hit(limitAddress(ctx.ip));
    const upload = await receiveFile(ctx, media, {
      maxBytes: IMAGE_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.imageTooLarge,
    });
    try {
      ctx.body = await storeImage({ db: deps.db, media, imageDecoding: deps.imageDecoding }, upload, purpose);
      ctx.status = 201;
    } finally {
      await media.discard(upload.path);
    }
  });

  router.post('/audio', async (ctx) => {
    await uploads.hit(limitAddress(ctx.ip));
    const upload = await receiveFile(ctx, media, {
      maxBytes: AUDIO_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.audioTooLarge,
    });
    try {
      ctx.body = await storeAudio({ db: deps.db, media }, upload);
      ctx.status = 201;
    } finally {
      await media.discard(upload.path);
    }
  });

  return router;
}

/** Room for the multipart envelope (boundaries and part headers) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams the `file` field of a multipart/form-data request into a scratch file of the store, never
 * holding the file in memory, and refuses it (413) the moment it passes `maxBytes`. Whatever goes wrong
 * (too large, not multipart, no file, the upload cut off), the scratch file is gone before this throws;
 * on success the caller owns it and must store or discard it.
 */
async function receiveFile(
  ctx: Context,
  store: MediaStore,
  limit: { maxBytes: number; tooLarge: string },
): Promise<ReceivedFile> {
  if (!ctx.is('multipart/form-data')) throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.notMultipart);
  if (Number(ctx.get('content-length') || 0) > limit.maxBytes + ENVELOPE_BYTES) {
    throw new PayloadTooLargeError(limit.tooLarge);
  }
  const scratch = await store.scratchFile();
  let written: Promise<void> | undefined;
  try {
    return await new Promise<ReceivedFile>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: ctx.req.headers,
          limits: { files: 1, fileSize: limit.maxBytes, fields: 10, fieldSize: 1024, parts: 12 },
        });
      } catch {
        reject(new UnsupportedMediaTypeError(MEDIA_MESSAGES.notMultipart)); // no boundary
        return;
      }
      let file: Readable | undefined;
      const received: ReceivedFile = { path: scratch, bytes: 0, fileName: '' };
      let failed = false;
      const fail = (error: Error) => {
        reject(error);
        if (failed) return;
        failed = true;
        // With the error: busboy's file stream destroyed without one never settles the pipeline.
        file?.destroy(error);
        // The shared chain reads and drops the rest of the body once this is answered (service-app.ts).
        ctx.req.unpipe(parser);
      };

      parser.on('file', (field, stream, info) => {
        if (field !== 'file' || file) {
          stream.resume();
          return;
        }
        file = stream;
        received.fileName = info.filename ?? '';
        stream.on('data', (chunk: Buffer) => (received.bytes += chunk.length));
        stream.on('limit', () => fail(new PayloadTooLargeError(limit.tooLarge)));
        written = pipeline(stream, createWriteStream(scratch, { flags: 'wx' }));
        written.catch(() => fail(new BadRequestError(MEDIA_MESSAGES.cutOff)));
      });
      parser.on('close', () => {
        if (!written) return fail(new BadRequestError(MEDIA_MESSAGES.noFile));
        written.then(
          () => resolve(received),
          () => undefined,
        );
      });
      parser.on('error', () => fail(new BadRequestError(MEDIA_MESSAGES.cutOff)));
      ctx.req.on('close', () => {
        if (!ctx.req.complete) fail(new BadRequestError(MEDIA_MESSAGES.cutOff));
      });
      ctx.req.pipe(parser);
    });
  } catch (error) {
    // The write stream may still be opening the file: wait for it to settle, or the file outlives this.
    await written?.catch(() => undefined);
    await store.discard(scratch);
    throw error;
  }
}
