import { z } from 'zod';
import { RECOMMENDED_IMAGE_SIZES } from './admin.ts';
import { MEDIA_URL_PREFIX } from './media-paths.ts';

/**
 * Uploaded images and audio: what the admin screens may send, what the upload calls answer, and the
 * names and types of stored files, which the store, the gateway and nginx all serve by.
 */

export const MEBIBYTE = 1024 * 1024;
/** The largest image an admin may upload (before it is resized). */
export const IMAGE_MAX_BYTES = 10 * MEBIBYTE;
/** The largest audio track an admin may upload. */
export const AUDIO_MAX_BYTES = 200 * MEBIBYTE;

export { MEDIA_URL_PREFIX };

/**
 * Audio of classes is served only to whoever may open a class that plays it. Before serving an audio
 * file, the origin (the gateway, or nginx's `auth_request`) asks the catalog here, passing the file's
 * address in MEDIA_PATH_HEADER and the caller's cookies: 204 yes, 401 not signed in, 403 not theirs.
 * Images stay public (they are on the cards of the sales and catalogue pages).
 */
export const MEDIA_ACCESS_PATH = '/api/media-access';
export const MEDIA_PATH_HEADER = 'X-Media-Path';
/** Audio may be kept by the listener's browser, never by a shared cache, and is asked about each time. */
export const AUDIO_CACHE_CONTROL = 'private, no-cache';

/**
 * The type every stored file is served with, by its extension. The server names each file itself,
 * after the type it sniffed from the bytes, so a name's extension always tells its real type.
 */
export const MEDIA_CONTENT_TYPES = {
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
} as const;
export type MediaExtension = keyof typeof MEDIA_CONTENT_TYPES;

const MEDIA_NAME = new RegExp(`^[0-9a-f]{32}\\.(${Object.keys(MEDIA_CONTENT_TYPES).join('|')})$`);

/** A name the server could have given: 32 random hex digits and a known extension. */
export function isMediaName(name: string): boolean {
  return MEDIA_NAME.test(name);
}

/** The stored file's name in a /media/ address, or null for any other address. */
export function mediaNameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_URL_PREFIX)) return null;
  const name = url.slice(MEDIA_URL_PREFIX.length);
  return isMediaName(name) ? name : null;
}

/** The image fields an upload can fill, each resized to its recommended size (admin/data spec §3, §9). */
export const IMAGE_PURPOSES = {
  'program-card': RECOMMENDED_IMAGE_SIZES.programCard,
  'program-cover': RECOMMENDED_IMAGE_SIZES.programCover,
  'path-card': RECOMMENDED_IMAGE_SIZES.pathCard,
  'path-cover': RECOMMENDED_IMAGE_SIZES.pathCover,
  'class-cover': RECOMMENDED_IMAGE_SIZES.classCover,
} as const;
export type ImagePurpose = keyof typeof IMAGE_PURPOSES;

/** '1200x675' as numbers. */
export function imageSize(purpose: ImagePurpose): { width: number; height: number } {
  const [width, height] = IMAGE_PURPOSES[purpose].split('x').map(Number);
  if (width === undefined || height === undefined) throw new Error(`No image size for ${purpose}`);
  return { width, height };
}

/** `?purpose=` of POST /api/admin/media/images. */
export const imageUploadQuerySchema = z.object({
  purpose: z.enum(Object.keys(IMAGE_PURPOSES) as [ImagePurpose, ...ImagePurpose[]], {
    error: `purpose must be one of ${Object.keys(IMAGE_PURPOSES).join(', ')}`,
  }),
});

export const ACCEPTED_IMAGES = 'JPEG, PNG, WebP or AVIF';
export const ACCEPTED_AUDIO = 'MP3, M4A/AAC, OGG/Opus or WAV';

/** The words of every refusal of an upload, shared by the server and the admin screens. */
export const MEDIA_MESSAGES = {
  notMultipart: 'Send the file as multipart/form-data, in a field named file.',
  noFile: 'No file was sent: choose a file to upload.',
  cutOff: 'The upload was cut off before the whole file arrived. Please try again.',
  imageTooLarge: `The image is larger than ${IMAGE_MAX_BYTES / MEBIBYTE} MB.`,
  audioTooLarge: `The audio file is larger than ${AUDIO_MAX_BYTES / MEBIBYTE} MB.`,
  notImage: `This file is not a ${ACCEPTED_IMAGES} image.`,
  svg: `SVG images are not accepted: upload a ${ACCEPTED_IMAGES} image.`,
  html: 'Web pages (HTML) are not accepted as uploads.',
  unreadableImage: 'The image could not be read: it may be damaged.',
  imageTooManyPixels: 'The image has too many pixels: upload one under 50 megapixels.',
  notAudio: `This file is not ${ACCEPTED_AUDIO} audio.`,
  video: `This file holds video: upload the ${ACCEPTED_AUDIO} audio track alone.`,
  unreadableAudio: 'The length of this audio file could not be read: it may be damaged.',
  tooMany: 'Too many uploads. Please wait a few minutes and try again.',
} as const;

/** The answer of POST /api/admin/media/images (201): the stored WebP and what it was made from. */
export const uploadedImageSchema = z.object({
  url: z.string(),
  contentType: z.literal('image/webp'),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** The uploaded image's own size: smaller than width × height means it was enlarged. */
  sourceWidth: z.number().int(),
  sourceHeight: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The answer of POST /api/admin/media/audio (201): the stored track and its length. */
export const uploadedAudioSchema = z.object({
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  durationSeconds: z.number().int(),
});
export type UploadedAudio = z.infer<typeof uploadedAudioSchema>;

/** Whole minutes to offer as a class's duration for a video or track this long (at least 1). */
export function minutesOf(durationSeconds: number): number {
  return Math.max(1, Math.round(durationSeconds / 60));
}
