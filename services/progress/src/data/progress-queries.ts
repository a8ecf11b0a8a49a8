import type { ProgressRecord } from '@sleep-ritual/contracts/progress';
import { COMPLETION_PERCENT } from '@sleep-ritual/contracts/progress';
import type { Knex } from '@sleep-ritual/platform/db';

/** The one-event values of a fresh row; an existing row merges them (see recordProgress). */
export type ProgressValues = {
  userId: number;
  classId: number;
  positionSec: number;
  durationSec: number;
  percent: number;
  plays: 0 | 1;
  completed: boolean;
};

/** A class with its path, phase and programme, none of them deleted, the programme active. */
const VISIBLE_CLASS = `classes c
  join paths pa on pa.id = c."pathId" and pa."deletedAt" is null
  join phases ph on ph.id = pa."phaseId" and ph."deletedAt" is null
  join programs pr on pr.id = ph."programId" and pr."deletedAt" is null and pr."isActive"`;
const CLASS_ID_IS = `c.id = ? and c."deletedAt" is null`;
/**
 * Lets the statement's transaction commit without waiting for the WAL flush. Heartbeats are
 * replaceable: a database crash can lose at most the last fraction of a second of them, the rows stay
 * consistent, and the learner's next heartbeat carries the position again. Waiting for the flush was
 * most of the cost of a write.
 */
const ASYNC_COMMIT = `(select set_config('synchronous_commit', 'off', true)) as async_commit`;
const OWNED = `exists (
  select 1 from purchases pu where pu."userId" = ? and pu."programId" = pr.id and pu.status = 'completed'
)`;
const UNLOCKED = `(c."isUnlocked" and pa."isUnlocked" and ph."isUnlocked")`;

const RECORD_COLUMNS = `"classId", "maxPositionSec", "durationSeconds", "percentWatched", "totalPlays",
  completed, "completedAt", "startedAt", "updatedAt"`;

// The furthest position never goes back, so the percentage of a merge is taken from the larger one.
const MERGED_PERCENT = `greatest(user_progress."percentWatched", least(100,
  greatest(user_progress."maxPositionSec", excluded."maxPositionSec") * 100 / excluded."durationSeconds"))`;
const NOW_COMPLETED = `(excluded.completed or ${MERGED_PERCENT} >= ${COMPLETION_PERCENT})`;

/**
 * Records one event in one statement: the access check is the SELECT feeding the INSERT, so a learner
 * who may not open the class writes nothing and gets no row back. The upsert on (userId, classId) keeps
 * one row per learner and class and is safe against concurrent events. Named, so PostgreSQL prepares
 * it once per connection instead of planning the joins on every heartbeat.
 */
export async function upsertProgressIfAllowed(db: Knex, values: ProgressValues): Promise<ProgressRecord | undefined> {
  const { rows } = await db.raw<{ rows: ProgressRecord[] }>(
    `insert into user_progress
       ("userId", "classId", "sessionId", "maxPositionSec", "durationSeconds", "percentWatched", "totalPlays",
        completed, "completedAt")
     select ?::int, c.id, c.id, ?::int, ?::int, ?::int, ?::int, ?::boolean, case when ?::boolean then now() end
       from ${ASYNC_COMMIT}, ${VISIBLE_CLASS}
      where ${CLASS_ID_IS} and ${UNLOCKED} and ${OWNED}
     on conflict ("userId", "classId") do update set
       "maxPositionSec" = greatest(user_progress."maxPositionSec", excluded."maxPositionSec"),
       "durationSeconds" = excluded."durationSeconds",
       "percentWatched" = ${MERGED_PERCENT},
       "totalPlays" = user_progress."totalPlays" + excluded."totalPlays",
       completed = user_progress.completed or ${NOW_COMPLETED},
       "completedAt" = coalesce(user_progress."completedAt", case when ${NOW_COMPLETED} then now() end),
       "updatedAt" = now()
     returning ${RECORD_COLUMNS}`,
    [
      values.userId,
      values.positionSec,
      values.durationSec,
      values.percent,
      values.plays,
      values.completed,
      values.completed,
      values.classId,
      values.userId,
    ],
  ).options({ name: 'progress-upsert' });
  return rows[0];
}

/** Why a learner may not open a class: undefined when it is not visible at all. */
export async function findClassAccess(
  db: Knex,
  classId: number,
  userId: number,
): Promise<{ isOwned: boolean; isUnlocked: boolean } | undefined> {
  const { rows } = await db.raw<{ rows: { isOwned: boolean; isUnlocked: boolean }[] }>(
    `select ${OWNED} as "isOwned", ${UNLOCKED} as "isUnlocked" from ${VISIBLE_CLASS} where ${CLASS_ID_IS}`,
    [userId, classId],
  ).options({ name: 'progress-class-access' });
  return rows[0];
}

export async function findProgress(db: Knex, userId: number, classId: number): Promise<ProgressRecord | undefined> {
  const { rows } = await db.raw<{ rows: ProgressRecord[] }>(
    `select ${RECORD_COLUMNS} from user_progress where "userId" = ? and "classId" = ?`,
    [userId, classId],
  ).options({ name: 'progress-record' });
  return rows[0];
}
