import type { Knex } from '@sleep-ritual/platform/db';
import {
  JOIN_PROGRESS,
  OWNS_PROGRAM,
  PROGRESS_COLUMNS,
  VISIBLE_PATH_ANCESTORS,
  type ProgressColumns,
} from './learner-visibility.ts';

export type ClassRow = ProgressColumns & {
  id: number;
  label: string | null;
  title: string;
  description: string | null;
  vimeoVideoId: string | null;
  additionalContentUrl: string | null;
  additionalContentButtonLabel: string | null;
  durationMinutes: number | null;
  /** The class, its path and its phase are all unlocked. */
  isUnlocked: boolean;
  pathId: number;
  pathTitle: string;
  phaseId: number;
  phaseTitle: string;
  programId: number;
  isOwned: boolean;
};

/** One visible class with its ancestors, the learner's ownership and progress: one query. */
export async function findClass(db: Knex, classId: number, userId: number): Promise<ClassRow | undefined> {
  const { rows } = await db.raw<{ rows: ClassRow[] }>(
    `select c.id, c.label, c.title, c.description, c."vimeoVideoId", c."additionalContentUrl",
            c."additionalContentButtonLabel", c."durationMinutes",
            (c."isUnlocked" and pa."isUnlocked" and ph."isUnlocked") as "isUnlocked",
            pa.id as "pathId", pa.title as "pathTitle", ph.id as "phaseId", ph.title as "phaseTitle",
            pr.id as "programId", ${OWNS_PROGRAM} as "isOwned", ${PROGRESS_COLUMNS}
       from classes c
       join paths pa on pa.id = c."pathId" and pa."deletedAt" is null
       ${VISIBLE_PATH_ANCESTORS}
       ${JOIN_PROGRESS}
      where c.id = ? and c."deletedAt" is null`,
    [userId, userId, classId],
  ).options({ name: 'learner-class' });
  return rows[0];
}
