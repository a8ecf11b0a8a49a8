import type { ProgressRecord } from '@sleep-ritual/contracts/progress';
import { completesClassSql } from '@sleep-ritual/platform/completion';
import type { Knex } from '@sleep-ritual/platform/db';
import {
  accessSinceSql,
  CLASS_UNLOCKED,
  classOpensAtSql,
  classOpenSql,
  VISIBLE_CLASS,
} from '@sleep-ritual/platform/purchase-access';

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

const CLASS_ID_IS = `c.id = ? and c."deletedAt" is null`;
/**
 * Lets the statement's transaction commit without waiting for the WAL flush. Heartbeats are
 * replaceable: a database crash can lose at most the last fraction of a second of them, the rows stay
 * consistent, and the learner's next heartbeat carries the position again. Waiting for the flush was
 * most of the cost of a write.
 */
const ASYNC_COMMIT = `(select set_config('synchronous_commit', 'off', true)) as async_commit`;

const RECORD_COLUMNS = `"classId", "maxPositionSec", "durationSeconds", "percentWatched", "totalPlays",
  completed, "completedAt", "startedAt", "updatedAt"`;

// The furthest position never goes back, so the percentage of a merge is taken from the larger one.
const MERGED_PERCENT = `greatest(user_progress."percentWatched", least(100,
  greatest(user_progress."maxPositionSec", excluded."maxPositionSec") * 100 / excluded."durationSeconds"))`;
const NOW_COMPLETED = completesClassSql({ ended: 'excluded.completed', percentWatched: MERGED_PERCENT });

/**
 * Records many events in one statement, one result per event in order: the record, or undefined when
 * the learner may not open the class. The access check is the SELECT feeding the INSERT, so a refused
 * event writes nothing and gets no row back. The upsert on (userId, classId) keeps one row per learner
 * and class and is safe against concurrent events; a batch never holds two events of one row (see
 * upsertEventIfAllowed), and it takes its rows in (userId, classId) order, so two batches running at once
 * cannot deadlock. Named, so PostgreSQL prepares it once per connection instead of planning the joins
 * on every batch.
 */
export async function upsertProgressIfAllowed(
  db: Knex,
  events: ProgressValues[],
): Promise<(ProgressRecord | undefined)[]> {
  const column = <K extends keyof ProgressValues>(key: K) => events.map((event) => event[key]);
  const { rows } = await db
    .raw<{ rows: (ProgressRecord & { userId: number })[] }>(
      `insert into user_progress
       ("userId", "classId", "sessionId", "maxPositionSec", "durationSeconds", "percentWatched", "totalPlays",
        completed, "completedAt")
     select e."userId", c.id, c.id, e."positionSec", e."durationSec", e.percent, e.plays, e.completed,
            case when e.completed then now() end
       from ${ASYNC_COMMIT},
            unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::boolean[])
              as e("userId", "classId", "positionSec", "durationSec", percent, plays, completed),
            ${VISIBLE_CLASS}
      where c.id = e."classId" and c."deletedAt" is null and ${classOpenSql(accessSinceSql('e."userId"'))}
      order by e."userId", e."classId"
     on conflict ("userId", "classId") do update set
       "maxPositionSec" = greatest(user_progress."maxPositionSec", excluded."maxPositionSec"),
       "durationSeconds" = excluded."durationSeconds",
       "percentWatched" = ${MERGED_PERCENT},
       "totalPlays" = user_progress."totalPlays" + excluded."totalPlays",
       completed = user_progress.completed or ${NOW_COMPLETED},
       "completedAt" = coalesce(user_progress."completedAt", case when ${NOW_COMPLETED} then now() end),
       "updatedAt" = now()
     returning ${RECORD_COLUMNS}, "userId"`,
      [
        column('userId'),
        column('classId'),
        column('positionSec'),
        column('durationSec'),
        column('percent'),
        column('plays'),
        column('completed'),
      ],
    )
    .options({ name: 'progress-upsert-many' });
  const written = new Map<string, ProgressRecord>();
  for (const { userId, ...record } of rows) written.set(rowKey({ userId, classId: record.classId }), record);
  return events.map((event) => written.get(rowKey(event)));
}

/**
 * Marks a class completed (or not) by hand, if the learner may open it: the record, or undefined. A
 * completion keeps its first completedAt, as a completion by watching does; an undo clears both. The
 * positions watched are kept.
 */
export async function setCompletionIfAllowed(
  db: Knex,
  userId: number,
  classId: number,
  completed: boolean,
): Promise<ProgressRecord | undefined> {
  const { rows } = await db
    .raw<{ rows: ProgressRecord[] }>(
      `insert into user_progress
       ("userId", "classId", "sessionId", "maxPositionSec", "percentWatched", "totalPlays", completed, "completedAt")
     select ?::int, c.id, c.id, 0, 0, 0, ?::boolean, case when ?::boolean then now() end
       from ${VISIBLE_CLASS}
      where ${CLASS_ID_IS} and ${classOpenSql(accessSinceSql('?'))}
     on conflict ("userId", "classId") do update set
       completed = excluded.completed,
       "completedAt" = case when excluded.completed then coalesce(user_progress."completedAt", now()) end,
       "updatedAt" = now()
     returning ${RECORD_COLUMNS}`,
      [userId, completed, completed, classId, userId],
    )
    .options({ name: 'progress-set-completion' });
  return rows[0];
}

/** The row an event goes to: one per learner and class. */
export const rowKey = (event: { userId: number; classId: number }) => `${event.userId}:${event.classId}`;

/** Why a learner may not open a class: undefined when it is not visible at all. */
export async function findClassAccess(
  db: Knex,
  classId: number,
  userId: number,
): Promise<{ isOwned: boolean; isUnlocked: boolean; opensAt: Date | null } | undefined> {
  const { rows } = await db
    .raw<{ rows: { isOwned: boolean; isUnlocked: boolean; opensAt: Date | null }[] }>(
      `select own.since is not null as "isOwned", ${CLASS_UNLOCKED} as "isUnlocked",
              ${classOpensAtSql('own.since')} as "opensAt"
         from ${VISIBLE_CLASS}
         cross join lateral (select ${accessSinceSql('?')} as since) own
        where ${CLASS_ID_IS}`,
      [userId, classId],
    )
    .options({ name: 'progress-class-access' });
  return rows[0];
}

export async function findProgress(
  db: Knex,
  userId: number,
  classId: number,
): Promise<ProgressRecord | undefined> {
  const { rows } = await db
    .raw<{ rows: ProgressRecord[] }>(
      `select ${RECORD_COLUMNS} from user_progress where "userId" = ? and "classId" = ?`,
      [userId, classId],
    )
    .options({ name: 'progress-record' });
  return rows[0];
}
