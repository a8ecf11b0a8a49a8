import type { Knex } from '@sleep-ritual/platform/db';
import { VISIBLE_PATH_ANCESTORS } from '@sleep-ritual/platform/purchase-access';
import { JOIN_PROGRESS, OWNS_PROGRAM, PROGRESS_COLUMNS, type ProgressColumns } from './learner-visibility.ts';

export type PathRow = {
  id: number;
  label: string | null;
  title: string;
  description: string | null;
  coverArtUrl: string | null;
  /** The path and its phase are both unlocked. */
  isUnlocked: boolean;
  phaseId: number;
  phaseTitle: string;
  programId: number;
  isOwned: boolean;
};

/** One visible path with its phase, programme and whether the learner owns that programme. */
export async function findPath(db: Knex, pathId: number, userId: number): Promise<PathRow | undefined> {
  const { rows } = await db
    .raw<{ rows: PathRow[] }>(
      `select pa.id, pa.label, pa.title, pa.description, pa."coverArtUrl",
            (pa."isUnlocked" and ph."isUnlocked") as "isUnlocked",
            ph.id as "phaseId", ph.title as "phaseTitle", pr.id as "programId",
            ${OWNS_PROGRAM} as "isOwned"
       from paths pa ${VISIBLE_PATH_ANCESTORS}
      where pa.id = ? and pa."deletedAt" is null`,
      [userId, pathId],
    )
    .options({ name: 'learner-path' });
  return rows[0];
}

export type PathClassRow = ProgressColumns & {
  id: number;
  label: string | null;
  title: string;
  description: string | null;
  durationMinutes: number | null;
  isUnlocked: boolean;
};

/** The visible classes of a path in order, each with the learner's progress columns (null if none). */
export async function listPathClasses(db: Knex, pathId: number, userId: number): Promise<PathClassRow[]> {
  const { rows } = await db
    .raw<{ rows: PathClassRow[] }>(
      `select c.id, c.label, c.title, c.description, c."durationMinutes", c."isUnlocked", ${PROGRESS_COLUMNS}
       from classes c ${JOIN_PROGRESS}
      where c."pathId" = ? and c."deletedAt" is null
      order by c."orderIndex", c.id`,
      [userId, pathId],
    )
    .options({ name: 'learner-path-classes' });
  return rows;
}
