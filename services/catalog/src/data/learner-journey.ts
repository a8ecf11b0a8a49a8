import type { Knex } from '@sleep-ritual/platform/db';
import { CLASS_UNLOCKED, VISIBLE_CLASS } from '@sleep-ritual/platform/purchase-access';
import { JOIN_PROGRESS, OWNS_PROGRAM, PROGRESS_COLUMNS, type ProgressColumns } from './learner-visibility.ts';

export type JourneyClassRow = ProgressColumns & {
  programId: number;
  pathId: number;
  id: number;
  label: string | null;
  title: string;
  durationMinutes: number | null;
  /** The class, its path and its phase are all unlocked. */
  isUnlocked: boolean;
};

/**
 * Every visible class of the programmes the learner owns, in programme, phase, path and class order,
 * with the learner's progress: what "Tonight" is chosen from, in one query.
 */
export async function listOwnedJourneyClasses(db: Knex, userId: number): Promise<JourneyClassRow[]> {
  const { rows } = await db
    .raw<{ rows: JourneyClassRow[] }>(
      `select pr.id as "programId", pa.id as "pathId", c.id, c.label, c.title, c."durationMinutes",
            ${CLASS_UNLOCKED} as "isUnlocked", ${PROGRESS_COLUMNS}
       from ${VISIBLE_CLASS} ${JOIN_PROGRESS}
      where c."deletedAt" is null and ${OWNS_PROGRAM}
      order by pr."orderIndex", pr.id, ph."orderIndex", ph.id, pa."orderIndex", pa.id, c."orderIndex", c.id`,
      [userId, userId],
    )
    .options({ name: 'learner-owned-journey' });
  return rows;
}
