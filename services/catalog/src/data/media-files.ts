import type { QuietSpan } from '@sleep-ritual/contracts/catalog';
import { mediaNameOf } from '@sleep-ritual/contracts/media';
import type { Knex } from '@sleep-ritual/platform/db';

export type MediaFileRow = {
  name: string;
  kind: 'image' | 'audio';
  contentType: string;
  bytes: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
  purpose?: string;
  originalName?: string;
  /** An audio track's quiet stretches, when it could be analysed (PCM WAV). */
  quietSpans?: QuietSpan[];
};

/** Records a file just stored in the media store. */
export async function insertMediaFile(db: Knex, row: MediaFileRow): Promise<void> {
  // The name the browser sent is kept for reference only, without what PostgreSQL cannot store.
  // eslint-disable-next-line no-control-regex
  const originalName = row.originalName?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || null;
  const quietSpans = row.quietSpans ? JSON.stringify(row.quietSpans) : null;
  await db('media_files').insert({ ...row, originalName, quietSpans });
}

/** The quiet spans found in an uploaded track, by its /media/ address; null when unknown. */
export async function quietSpansOfStoredAudio(
  db: Knex,
  audioUrl: string | null,
): Promise<QuietSpan[] | null> {
  const name = mediaNameOf(audioUrl);
  if (!name) return null;
  const row = await db('media_files')
    .where({ name })
    .first<{ quietSpans: QuietSpan[] | null } | undefined>('quietSpans');
  return row?.quietSpans ?? null;
}
