import { open, readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import {
  imageSize,
  MEDIA_CONTENT_TYPES,
  MEDIA_MESSAGES,
  MEDIA_URL_PREFIX,
  type ImagePurpose,
  type MediaExtension,
  type UploadedAudio,
  type UploadedImage,
} from '@sleep-ritual/contracts/media';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '@sleep-ritual/platform/errors';
import { quietSpansOfWav } from './quiet-spans.ts';
import { newMediaName, type MediaStore } from '@sleep-ritual/platform/media-store';
import { insertMediaFile, type MediaFileRow } from '../data/media-files.ts';
import type { CatalogDeps } from '../deps.ts';
import { pixelBudget, type PixelBudget } from './pixel-budget.ts';

/** An uploaded file, whole, in a scratch file of the media store. */
export type ReceivedFile = { path: string; bytes: number; fileName: string };

type Deps = Pick<CatalogDeps, 'db'> & { media: MediaStore; imageDecoding?: PixelBudget };

/** Images the store takes, by the extension the bytes are sniffed as. */
const IMAGE_TYPES = new Set(['jpg', 'png', 'webp', 'avif']);

/**
 * Audio the store takes, by the sniffed extension, and the extension it is stored under. An .mp4 is
 * taken when it holds no video (some encoders label a plain AAC track so).
 */
const AUDIO_TYPES: Record<string, MediaExtension> = {
  mp3: 'mp3',
  m4a: 'm4a',
  mp4: 'm4a',
  aac: 'aac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'opus',
  wav: 'wav',
};

/** Beyond this the decoder would need gigabytes of memory: an image this large is refused unread. */
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 82;

/** One process decodes one image of the largest size at a time, or several smaller ones together. */
const imageDecoding = pixelBudget(MAX_INPUT_PIXELS);

/**
 * Turns an uploaded image into the stored WebP of its field: sniffed from its bytes (JPEG, PNG, WebP
 * or AVIF; never SVG or HTML), turned upright, cropped from the centre to the field's recommended size
 * (enlarged when smaller), its metadata dropped.
 */
export async function storeImage(
  deps: Deps,
  upload: ReceivedFile,
  purpose: ImagePurpose,
): Promise<UploadedImage> {
  const sniffed = await fileTypeFromFile(upload.path);
  if (!sniffed || !IMAGE_TYPES.has(sniffed.ext)) throw await refusal(upload.path, MEDIA_MESSAGES.notImage);

  // The header says the size before anything is decoded: too many pixels is refused unread.
  const source = await sharp(upload.path, { limitInputPixels: false }).metadata().catch(unreadableImage);
  if ((source.width ?? 0) * (source.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new PayloadTooLargeError(MEDIA_MESSAGES.imageTooManyPixels);
  }
  const { width, height } = imageSize(purpose);
  const output = await deps.media.scratchFile();
  try {
    // The header alone said the size; decoding waits for room in the process's pixel budget.
    const pixels = Math.max((source.width ?? 0) * (source.height ?? 0), width * height);
    const info = await (deps.imageDecoding ?? imageDecoding).run(pixels, () =>
      sharp(upload.path, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width, height, { fit: 'cover', position: 'centre' })
        .webp({ quality: WEBP_QUALITY })
        .toFile(output)
        .catch(unreadableImage),
    );
    const name = newMediaName('webp');
    // Orientations 5 to 8 are turned a quarter: the upright image is as wide as the stored one is high.
    const turned = (source.orientation ?? 1) >= 5;
    const sourceWidth = (turned ? source.height : source.width) ?? 0;
    const sourceHeight = (turned ? source.width : source.height) ?? 0;
    await storeAndRecord(deps, output, {
      name,
      kind: 'image',
      contentType: MEDIA_CONTENT_TYPES.webp,
      bytes: info.size,
      width: info.width,
      height: info.height,
      purpose,
      originalName: upload.fileName,
    });
    return {
      url: `${MEDIA_URL_PREFIX}${name}`,
      contentType: MEDIA_CONTENT_TYPES.webp,
      bytes: info.size,
      width: info.width,
      height: info.height,
      sourceWidth,
      sourceHeight,
    };
  } finally {
    await deps.media.discard(output);
  }
}

/**
 * Stores an uploaded audio track as it came, after sniffing its type from the bytes (MP3, M4A/AAC,
 * OGG/Opus or WAV) and reading its length, which the class form offers as the class's duration.
 */
export async function storeAudio(deps: Deps, upload: ReceivedFile): Promise<UploadedAudio> {
  const sniffed = await fileTypeFromFile(upload.path);
  const extension = sniffed && AUDIO_TYPES[sniffed.ext];
  if (!extension) {
    const isVideo = sniffed?.mime.startsWith('video/') ?? false;
    throw await refusal(upload.path, isVideo ? MEDIA_MESSAGES.video : MEDIA_MESSAGES.notAudio);
  }
  const metadata = await parseFile(upload.path, { duration: true, skipCovers: true }).catch(() => {
    throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.unreadableAudio);
  });
  if (metadata.format.hasVideo) throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.video);
  const seconds = metadata.format.duration;
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) {
    throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.unreadableAudio);
  }
  const durationSeconds = Math.max(1, Math.round(seconds));
  const name = newMediaName(extension);
  const contentType = MEDIA_CONTENT_TYPES[extension];
  // Where the sleep timer may pause without cutting a word; only PCM WAV is decoded here.
  const quietSpans = extension === 'wav' ? quietSpansOfWav(await readFile(upload.path)) : undefined;
  await storeAndRecord(deps, upload.path, {
    name,
    kind: 'audio',
    contentType,
    bytes: upload.bytes,
    durationSeconds,
    originalName: upload.fileName,
    quietSpans,
  });
  return { url: `${MEDIA_URL_PREFIX}${name}`, contentType, bytes: upload.bytes, durationSeconds };
}

/** Moves a finished file into the store and records it; if the record fails, the file goes too. */
async function storeAndRecord(deps: Deps, localFile: string, row: MediaFileRow): Promise<void> {
  await deps.media.put(localFile, row.name);
  try {
    await insertMediaFile(deps.db, row);
  } catch (error) {
    await deps.media.remove(row.name);
    throw error;
  }
}

/**
 * The refusal of a file that is not what the call takes, naming SVG and HTML when the file's first
 * bytes are one (they carry scripts, so they are never stored, whatever the file is called).
 */
async function refusal(file: string, otherwise: string): Promise<UnsupportedMediaTypeError> {
  const start = await readStart(file);
  if (/<svg[\s>]/i.test(start)) return new UnsupportedMediaTypeError(MEDIA_MESSAGES.svg);
  if (/<(!doctype html|html|head|body|script)[\s>]/i.test(start)) {
    return new UnsupportedMediaTypeError(MEDIA_MESSAGES.html);
  }
  return new UnsupportedMediaTypeError(otherwise);
}

async function readStart(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

/** sharp's refusal of an image it cannot read or decode. */
function unreadableImage(): never {
  throw new UnsupportedMediaTypeError(MEDIA_MESSAGES.unreadableImage);
}
