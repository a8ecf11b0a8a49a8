import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMediaName, type MediaExtension } from '@sleep-ritual/contracts/media';

/**
 * Where uploads are stored: the upload calls write a finished file into it under a new name, and never
 * know where the bytes end up. The directory store (MEDIA_DIR, which the gateway and nginx serve under
 * /media/) is the one there is; a store on S3-compatible object storage would implement the same calls
 * (see docs/media.md).
 */
export type MediaStore = {
  /**
   * A fresh local path for an upload in progress. The caller writes it, and either gives it to `put` or
   * deletes it (`discard`): a scratch file never outlives its request.
   */
  scratchFile(): Promise<string>;
  /** Moves a finished local file into the store under `name`; the local file is gone afterwards. */
  put(localFile: string, name: string): Promise<void>;
  /** Deletes a stored file (one stored by a call that then failed); a missing one is fine. */
  remove(name: string): Promise<void>;
  /** Deletes a scratch file; a missing one is fine. */
  discard(localFile: string): Promise<void>;
};

/** A new random name with the given extension, as `put` expects. */
export function newMediaName(extension: MediaExtension): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

const SCRATCH = '.uploads';
/** No upload takes this long: a scratch file this old was left by a process that crashed. */
const STALE_SCRATCH_MS = 24 * 60 * 60 * 1000;

/**
 * The directory store: files lie flat in `dir` under their names, and uploads in progress in
 * `dir/.uploads`, on the same file system, so `put` is one atomic rename and a reader never sees half a
 * file. The first upload of a process also removes scratch files a crashed process left (a day old),
 * never those of another process still at work.
 */
export function directoryMediaStore(dir: string): MediaStore {
  const scratchDir = path.join(dir, SCRATCH);
  let ready: Promise<void> | undefined;
  const prepare = () =>
    (ready ??= (async () => {
      await mkdir(scratchDir, { recursive: true });
      const now = Date.now();
      for (const entry of await readdir(scratchDir)) {
        const file = path.join(scratchDir, entry);
        const info = await stat(file).catch(() => undefined);
        if (info && now - info.mtimeMs > STALE_SCRATCH_MS) await rm(file, { force: true });
      }
    })().catch((error: unknown) => {
      ready = undefined; // a later upload tries again (the volume may have been mounted since)
      throw error;
    }));

  return {
    async scratchFile() {
      await prepare();
      return path.join(scratchDir, randomBytes(16).toString('hex'));
    },
    async put(localFile, name) {
      if (!isMediaName(name)) throw new Error(`not a media name: ${name}`);
      await prepare();
      await rename(localFile, path.join(dir, name));
    },
    async remove(name) {
      if (isMediaName(name)) await rm(path.join(dir, name), { force: true });
    },
    async discard(localFile) {
      await rm(localFile, { force: true });
    },
  };
}
