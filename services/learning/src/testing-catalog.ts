import { randomUUID } from 'node:crypto';
import type { Knex } from '@sleep-ritual/platform/db';
import { ACCESS_STATUS } from './purchase-access.ts';
import { uniqueEmail } from '@sleep-ritual/platform/testing';

/** Catalogue rows for tests of any service, written straight to the database with unique titles. */

let counter = 0;
export const unique = (what: string) => `${what} ${Date.now().toString(36)}-${process.pid}-${++counter}`;

export async function createLearner(db: Knex): Promise<number> {
  const [user] = await db('users').insert({ email: uniqueEmail() }).returning('id');
  return user.id;
}

export async function grant(
  db: Knex,
  userId: number,
  programId: number,
  status: string = ACCESS_STATUS,
  /** More purchase columns, e.g. a payment plan's state. */
  fields: Record<string, unknown> = {},
): Promise<void> {
  await db('purchases').insert({ userId, programId, status, thriveOrderId: `T-${randomUUID()}`, ...fields });
}

type Fields = Record<string, unknown>;

export async function createProgram(db: Knex, fields: Fields = {}): Promise<number> {
  const [row] = await db('programs')
    .insert({ title: unique('Program'), description: 'About it', ...fields })
    .returning('id');
  return row.id;
}

export async function createPhase(db: Knex, programId: number, fields: Fields = {}): Promise<number> {
  const [row] = await db('phases')
    .insert({ programId, title: unique('Phase'), ...fields })
    .returning('id');
  return row.id;
}

export async function createPath(db: Knex, phaseId: number, fields: Fields = {}): Promise<number> {
  const [row] = await db('paths')
    .insert({ phaseId, title: unique('Path'), ...fields })
    .returning('id');
  return row.id;
}

export async function createClass(db: Knex, pathId: number, fields: Fields = {}): Promise<number> {
  const [row] = await db('classes')
    .insert({
      pathId,
      title: unique('Class'),
      durationMinutes: 15,
      vimeoVideoId: 'https://vimeo.com/76979871',
      ...fields,
    })
    .returning('id');
  return row.id;
}

/** A programme with one phase, one path and two classes, all unlocked. */
export async function createCourse(db: Knex) {
  const programId = await createProgram(db);
  const phaseId = await createPhase(db, programId);
  const pathId = await createPath(db, phaseId);
  const classId = await createClass(db, pathId, { orderIndex: 0 });
  const secondClassId = await createClass(db, pathId, { orderIndex: 1 });
  return { programId, phaseId, pathId, classId, secondClassId };
}

export const softDelete = (db: Knex, table: 'programs' | 'phases' | 'paths' | 'classes', id: number) =>
  db(table).where({ id }).update({ deletedAt: db.fn.now() });
