import type { Knex } from '@sleep-ritual/platform/db';

export async function readTranscript(db: Knex, classId: number): Promise<string | undefined> {
  const row = await db('class_transcripts').where({ classId }).first('vtt');
  return row?.vtt as string | undefined;
}

/**
 * A transcript is stored apart from the class's row and saved on its own: its change leaves the class's
 * `updatedAt` (the version the class form saves against) as it is, so the form it sits in still saves.
 */
export async function writeTranscript(db: Knex, classId: number, vtt: string): Promise<void> {
  await db('class_transcripts')
    .insert({ classId, vtt, updatedAt: db.fn.now() })
    .onConflict('classId')
    .merge(['vtt', 'updatedAt']);
}

export async function removeTranscript(db: Knex, classId: number): Promise<void> {
  await db('class_transcripts').where({ classId }).delete();
}

/** A duplicated class gets the original's transcript too (it lives apart from the class's row). */
export async function copyTranscript(db: Knex, fromClassId: number, toClassId: number): Promise<void> {
  await db.raw(
    `insert into class_transcripts ("classId", vtt) select ?, vtt from class_transcripts where "classId" = ?`,
    [toClassId, fromClassId],
  );
}
