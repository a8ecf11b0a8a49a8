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
};

/** Records a file just stored in the media store. */
export async function insertMediaFile(db: Knex, row: MediaFileRow): Promise<void> {
  // The name the browser sent is kept for reference only, without what PostgreSQL cannot store.
  // eslint-disable-next-line no-control-regex
  const originalName = row.originalName?.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || null;
  await db('media_files').insert({ ...row, originalName });
}
