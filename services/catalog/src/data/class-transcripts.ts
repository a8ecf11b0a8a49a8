import type { Knex } from '@sleep-ritual/platform/db';

export async function readTranscript(db: Knex, classId: number): Promise<string | undefined> {
  const row = await db('class_transcripts').where({ classId }).first('vtt');
  return row?.vtt as string | undefined;
}

/** A transcript is part of the class: changing it is an edit of the class (its updatedAt moves too). */
export async function writeTranscript(db: Knex, classId: number, vtt: string): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('class_transcripts')
      .insert({ classId, vtt, updatedAt: trx.fn.now() })
      .onConflict('classId')
      .merge(['vtt', 'updatedAt']);
    await trx('classes').where({ id: classId }).update({ updatedAt: trx.fn.now() });
  });
}

export async function removeTranscript(db: Knex, classId: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('class_transcripts').where({ classId }).delete();
    await trx('classes').where({ id: classId }).update({ updatedAt: trx.fn.now() });
  });
}

/** A duplicated class gets the original's transcript too (it lives apart from the class's row). */
export async function copyTranscript(db: Knex, fromClassId: number, toClassId: number): Promise<void> {
  await db.raw(
    `insert into class_transcripts ("classId", vtt) select ?, vtt from class_transcripts where "classId" = ?`,
    [toClassId, fromClassId],
  );
}
