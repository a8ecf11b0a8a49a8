import type { Knex } from '@sleep-ritual/platform/db';
import {
  learnerAccessSql,
  classOpensAtSql,
  pathOpensAtSql,
  PATH_UNLOCKED,
  VISIBLE_PATH_ANCESTORS,
} from '@sleep-ritual/learning/purchase-access';
import { JOIN_PROGRESS, PROGRESS_COLUMNS, type ProgressColumns } from './learner-visibility.ts';

export type PathRow = {
  id: number;
  label: string | null;
  title: string;
  description: string | null;
  coverArtUrl: string | null;
  /** The path and its phase are both unlocked. */
  isUnlocked: boolean;
  /** Unlocked, but the path opens on a later day for this learner (drip): when. */
  opensAt: Date | null;
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
            ${PATH_UNLOCKED} as "isUnlocked", ${pathOpensAtSql()} as "opensAt",
            ph.id as "phaseId", ph.title as "phaseTitle", pr.id as "programId",
            own.since is not null as "isOwned"
       from paths pa ${VISIBLE_PATH_ANCESTORS}
       cross join lateral ${learnerAccessSql('?')} own
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
  /** The class itself is unlocked (its path's lock is the path row's). */
  isUnlocked: boolean;
  /** Unlocked (with its path and phase), but opens on a later day for this learner (drip): when. */
  opensAt: Date | null;
  audioUrl: string | null;
};

/** The visible classes of a path in order, each with the learner's progress columns (null if none). */
export async function listPathClasses(db: Knex, pathId: number, userId: number): Promise<PathClassRow[]> {
  const { rows } = await db
    .raw<{ rows: PathClassRow[] }>(
      `select c.id, c.label, c.title, c.description, c."durationMinutes", c."isUnlocked", c."audioUrl",
            ${classOpensAtSql()} as "opensAt", ${PROGRESS_COLUMNS}
       from classes c
       join paths pa on pa.id = c."pathId"
       join phases ph on ph.id = pa."phaseId"
       cross join lateral ${learnerAccessSql('?', 'ph."programId"')} own
       ${JOIN_PROGRESS}
      where c."pathId" = ? and c."deletedAt" is null
      order by c."orderIndex", c.id`,
      [userId, userId, pathId],
    )
    .options({ name: 'learner-path-classes' });
  return rows;
}
