import type { Knex } from '@sleep-ritual/platform/db';
import { OWNS_PROGRAM } from './learner-visibility.ts';

export type ProgramCardRow = {
  id: number;
  title: string;
  description: string | null;
  cardImageUrl: string | null;
  format: string | null;
  programCardFinePrint: string | null;
  redirectUrl: string | null;
  programType: 'Full Program' | 'Add On';
  isOwned: boolean;
};

/** Every active, undeleted programme in order, each with whether the learner owns it. */
export async function listProgramCards(
  db: Knex,
  userId: number,
  options: { ownedOnly?: boolean } = {},
): Promise<ProgramCardRow[]> {
  const { rows } = await db
    .raw<{ rows: ProgramCardRow[] }>(
      `select pr.id, pr.title, pr.description, pr."cardImageUrl", pr.format, pr."programCardFinePrint",
            pr."redirectUrl", pr."programType", ${OWNS_PROGRAM} as "isOwned"
       from programs pr
      where pr."deletedAt" is null and pr."isActive"
        ${options.ownedOnly ? `and ${OWNS_PROGRAM}` : ''}
      order by pr."orderIndex", pr.id`,
      options.ownedOnly ? [userId, userId] : [userId],
    )
    .options({ name: options.ownedOnly ? 'learner-owned-programs' : 'learner-programs' });
  return rows;
}

export type ProgramRow = {
  id: number;
  title: string;
  description: string | null;
  coverArtUrl: string | null;
  isOwned: boolean;
};

/** One visible programme with whether the learner owns it, or undefined. */
export async function findProgram(
  db: Knex,
  programId: number,
  userId: number,
): Promise<ProgramRow | undefined> {
  const { rows } = await db
    .raw<{ rows: ProgramRow[] }>(
      `select pr.id, pr.title, pr.description, pr."coverArtUrl", ${OWNS_PROGRAM} as "isOwned"
       from programs pr
      where pr.id = ? and pr."deletedAt" is null and pr."isActive"`,
      [userId, programId],
    )
    .options({ name: 'learner-program' });
  return rows[0];
}
