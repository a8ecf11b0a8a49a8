import type Router from '@koa/router';
import {
  AUDIO_MAX_BYTES,
  IMAGE_MAX_BYTES,
  imageUploadQuerySchema,
  MEDIA_MESSAGES,
} from '@sleep-ritual/contracts/media';
import { directoryMediaStore } from '@sleep-ritual/platform/media-store';
import { rateLimit } from '@sleep-ritual/platform/rate-limit';
import type { CatalogDeps } from '../deps.ts';
import { storeAudio, storeImage } from '../domain/admin-media.ts';
import { adminRouter } from './admin-router.ts';
import { receiveFile } from './multipart-upload.ts';

/** Uploads an address may make in an hour: a whole programme's images and tracks, with room to spare. */
const UPLOADS_PER_HOUR = 120;

/**
 * POST /api/admin/media/images?purpose=… and /api/admin/media/audio: a multipart/form-data body with
 * the file in the field `file`. Admin session, the shared Origin check and a per-address limit first;
 * then the file is streamed to a scratch file, checked, and stored under a random name (201).
 */
export function adminMediaRoutes(deps: CatalogDeps): Router {
  const router = adminRouter('/media');
  const media = deps.media ?? directoryMediaStore(deps.config.mediaDir);
  const uploads = rateLimit(deps.backends.counters, {
    name: 'media-uploads',
    limit: UPLOADS_PER_HOUR,
    windowSeconds: 3600,
    message: MEDIA_MESSAGES.tooMany,
  });

  router.post('/images', async (ctx) => {
    const { purpose } = imageUploadQuerySchema.parse(ctx.query);
    await uploads.hit(ctx.ip);
    const upload = await receiveFile(ctx, media, {
      maxBytes: IMAGE_MAX_BYTES,
      tooLarge: MEDIA_MESSAGES.imageTooLarge,
    });
    try {
      ctx.body = await storeImage({ db: deps.db, media }, upload, purpose);
      ctx.status = 201;
    } finally {
      await media.discard(upload.path);
    }
  });

  router.post('/audio', async (ctx) => {
    await uploads.hit(ctx.ip);
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
