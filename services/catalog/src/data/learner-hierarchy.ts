import type { Knex } from '@sleep-ritual/platform/db';
import { learnerAccessSql, pathOpensAtSql, PATH_UNLOCKED } from '@sleep-ritual/learning/purchase-access';

export type PhasePathRow = {
  phaseId: number;
  phaseLabel: string | null;
  phaseTitle: string;
  phaseDescription: string | null;
  phaseUnlocked: boolean;
  /** Null for a phase without visible paths. */
  pathId: number | null;
  pathLabel: string | null;
  pathTitle: string | null;
  pathDescription: string | null;
  pathCardImageUrl: string | null;
  /** The path and its phase are both unlocked; null or false for a phase without visible paths. */
  pathUnlocked: boolean | null;
  /** The path (and phase) is unlocked but opens on a later day for this learner (drip): when. */
  pathOpensAt: Date | null;
  classCount: number;
  completedCount: number;
};

/**
 * The visible phases of a programme with their visible paths, in order, one row per (phase, path),
 * each path with its number of visible classes and how many of them the learner has completed.
 */
export async function listPhasesWithPaths(
  db: Knex,
  programId: number,
  userId: number,
): Promise<PhasePathRow[]> {
  const { rows } = await db
    .raw<{ rows: PhasePathRow[] }>(
      `select ph.id as "phaseId", ph.label as "phaseLabel", ph.title as "phaseTitle",
            ph.description as "phaseDescription", ph."isUnlocked" as "phaseUnlocked",
            pa.id as "pathId", pa.label as "pathLabel", pa.title as "pathTitle",
            pa.description as "pathDescription", pa."cardImageUrl" as "pathCardImageUrl",
            ${PATH_UNLOCKED} as "pathUnlocked", ${pathOpensAtSql()} as "pathOpensAt",
            count(c.id)::int as "classCount", count(up.id)::int as "completedCount"
       from phases ph
       cross join lateral ${learnerAccessSql('?', 'ph."programId"')} own
       left join paths pa on pa."phaseId" = ph.id and pa."deletedAt" is null
       left join classes c on c."pathId" = pa.id and c."deletedAt" is null
       left join user_progress up on up."classId" = c.id and up."userId" = ? and up.completed
      where ph."programId" = ? and ph."deletedAt" is null
      group by ph.id, pa.id, own.since, own.zone
      order by ph."orderIndex", ph.id, pa."orderIndex", pa.id`,
      [userId, userId, programId],
    )
    .options({ name: 'learner-phases-with-paths' });
  return rows;
}

/** The first two (visible phase, visible path) pairs: enough to tell whether there is exactly one. */
export async function firstPhasePaths(
  db: Knex,
  programId: number,
): Promise<{ phaseId: number; pathId: number | null }[]> {
  const { rows } = await db
    .raw<{ rows: { phaseId: number; pathId: number | null }[] }>(
      `select ph.id as "phaseId", pa.id as "pathId"
       from phases ph
       left join paths pa on pa."phaseId" = ph.id and pa."deletedAt" is null
      where ph."programId" = ? and ph."deletedAt" is null
      order by ph."orderIndex", ph.id, pa."orderIndex", pa.id
      limit 2`,
      [programId],
    )
    .options({ name: 'learner-first-phase-paths' });
  return rows;
}
