import type { CompletionReason, ProgressRecord } from '@sleep-ritual/contracts/progress';
import { completesClassSql, completionReasonSql } from '@sleep-ritual/learning/completion';
import type { Knex } from '@sleep-ritual/platform/db';
import { createBatcher } from '@sleep-ritual/platform/batcher';
import {
  CLASS_UNLOCKED,
  classOpensAtSql,
  classOpenSql,
  learnerAccessSql,
  VISIBLE_CLASS,
} from '@sleep-ritual/learning/purchase-access';

/** The one-event values of a fresh row; an existing row merges them (see recordProgress). */
export type ProgressValues = {
  userId: number;
  classId: number;
  positionSec: number;
  durationSec: number;
  percent: number;
  plays: 0 | 1;
  /** The play session's id of a session_start that has one: counted once however often it arrives. */
  playId: string | null;
  completed: boolean;
  /** When the learner was listening (see listenedAt in record-progress). */
  listenedAt: Date;
};

const CLASS_ID_IS = `c.id = ?`;
/**
 * Lets the statement's transaction commit without waiting for the WAL flush. Heartbeats are
 * replaceable: a database crash can lose at most the last fraction of a second of them, the rows stay
 * consistent, and the learner's next heartbeat carries the position again. Waiting for the flush was
 * most of the cost of a write.
 */
const ASYNC_COMMIT = `(select set_config('synchronous_commit', 'off', true)) as async_commit`;

const RECORD_COLUMNS = `"classId", "maxPositionSec", "durationSeconds", "percentWatched", "totalPlays",
  completed, "completedAt", "completionReason", "startedAt", "updatedAt"`;

// The furthest position never goes back, so the percentage of a merge is taken from the larger one.
const MERGED_PERCENT = `greatest(user_progress."percentWatched", least(100,
  greatest(user_progress."maxPositionSec", excluded."maxPositionSec") * 100 / excluded."durationSeconds"))`;
const MERGED_WATCH = { ended: 'excluded.completed', percentWatched: MERGED_PERCENT };
const NOW_COMPLETED = completesClassSql(MERGED_WATCH);

/**
 * The batch's events, one line per row: the events of one learner and class (sent at once, a player's
 * heartbeats queued behind a slow write) merge as the upsert below would merge them one after another:
 * the furthest position, the last duration, the plays added up (a play id sent twice counting once),
 * completed if any event completed it, and the batch's play ids. Each event's own `completed` is still
 * decided by the completion rule (eventValues); this only ORs them.
 */
const MERGED_EVENTS = `select "userId", "classId", max("positionSec") as "positionSec",
         (array_agg("durationSec" order by n desc))[1] as "durationSec", max(percent) as percent,
         (count(distinct "playId") + count(*) filter (where plays = 1 and "playId" is null))::int as plays,
         array_agg(distinct "playId") filter (where "playId" is not null) as "playIds",
         bool_or(completed) as completed, max("listenedAt") as "listenedAt"
    from (select *, nullif(sent, '') as "playId"
            from unnest(?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::int[], ?::text[], ?::boolean[], ?::timestamptz[])
              with ordinality as u("userId", "classId", "positionSec", "durationSec", percent, plays, sent, completed, "listenedAt", n)) u
   group by "userId", "classId"`;

/** How many play ids a row keeps: a call is sent again within a day, long before eight more plays. */
const RECENT_PLAY_IDS = 8;
/** Of the batch's play ids (excluded), those the row (user_progress, as locked) already counted. */
const PLAY_IDS_COUNTED_BEFORE = `case when excluded."recentPlayIds" is null then 0 else cardinality(array(
         select unnest(excluded."recentPlayIds") intersect select unnest(user_progress."recentPlayIds"))) end`;
/** The row's play ids with the batch's new ones after them, the last RECENT_PLAY_IDS kept. */
const RECENT_PLAY_IDS_AFTER = `case when excluded."recentPlayIds" is null then user_progress."recentPlayIds" else array(
         select id from (select id, n from unnest(coalesce(user_progress."recentPlayIds", '{}') || array(
           select unnest(excluded."recentPlayIds") except select unnest(user_progress."recentPlayIds")))
           with ordinality as ids(id, n) order by n desc limit ${RECENT_PLAY_IDS}) kept order by n) end`;

/**
 * Records many events in one statement, one result per event in order: the record, or undefined when
 * the learner may not open the class. The access check is the SELECT feeding the INSERT, so a refused
 * event writes nothing and gets no row back. The upsert on (userId, classId) keeps one row per learner
 * and class and is safe against concurrent events; several events of one row are merged first (each
 * gets the row as written with all of them), a row is never in two batches at once (see
 * createProgressWriter), and a batch takes its rows in (userId, classId) order, so two batches running at
 * once cannot deadlock. One learner's heartbeats thus cost one statement per batch, not one each. Named, so PostgreSQL prepares it once per connection instead of planning the joins
 * on every batch. A session_start sent again (its answer lost on the way, the call kept and sent once
 * more) carries a play id the row already counted: the row keeps the last RECENT_PLAY_IDS ids it counted,
 * and the update, which sees the row as locked, counts only the batch's ids it does not hold.
 */
async function upsertProgressIfAllowed(
  db: Knex,
  events: ProgressValues[],
): Promise<(ProgressRecord | undefined)[]> {
  const column = <K extends keyof ProgressValues>(key: K) => events.map((event) => event[key]);
  const { rows } = await db
    .raw<{ rows: (ProgressRecord & { userId: number })[] }>(
      `insert into user_progress
       ("userId", "classId", "sessionId", "maxPositionSec", "durationSeconds", "percentWatched", "totalPlays",
        "recentPlayIds", completed, "completedAt", "completionReason", "listenedAt")
     select e."userId", c.id, c.id, e."positionSec", e."durationSec", e.percent, e.plays, e."playIds", e.completed,
            case when e.completed then now() end, case when e.completed then 'finished' end,
            case when e."positionSec" > 0 or e.plays > 0 then e."listenedAt" end
       from ${ASYNC_COMMIT},
            (${MERGED_EVENTS}) e,
            ${VISIBLE_CLASS}
            cross join lateral ${learnerAccessSql('e."userId"')} own
      where c.id = e."classId" and ${classOpenSql()}
      order by e."userId", e."classId"
     on conflict ("userId", "classId") do update set
       "maxPositionSec" = greatest(user_progress."maxPositionSec", excluded."maxPositionSec"),
       "durationSeconds" = excluded."durationSeconds",
       "percentWatched" = ${MERGED_PERCENT},
       "totalPlays" = user_progress."totalPlays" + excluded."totalPlays" - ${PLAY_IDS_COUNTED_BEFORE},
       "recentPlayIds" = ${RECENT_PLAY_IDS_AFTER},
       completed = user_progress.completed or ${NOW_COMPLETED},
       "completedAt" = coalesce(user_progress."completedAt", case when ${NOW_COMPLETED} then now() end),
       "completionReason" = case when user_progress.completed then user_progress."completionReason"
                                 else ${completionReasonSql(MERGED_WATCH)} end,
       -- Listening: the furthest position moved on, or a play began; not the exit sent on closing.
       "listenedAt" = case when excluded."maxPositionSec" > user_progress."maxPositionSec" or excluded."totalPlays" > 0
                           then greatest(user_progress."listenedAt", excluded."listenedAt")
                           else user_progress."listenedAt" end,
       "updatedAt" = now()
     returning ${RECORD_COLUMNS}, "userId"`,
      [
        column('userId'),
        column('classId'),
        column('positionSec'),
        column('durationSec'),
        column('percent'),
        column('plays'),
        // Without a play id, '' (the binding's array holds strings only).
        events.map((event) => event.playId ?? ''),
        column('completed'),
        column('listenedAt'),
      ],
    )
    .options({ name: 'progress-upsert-many' });
  const written = new Map<string, ProgressRecord>();
  for (const { userId, ...record } of rows) written.set(rowKey({ userId, classId: record.classId }), record);
  return events.map((event) => written.get(rowKey(event)));
}

/** The row an event goes to: one per learner and class. */
const rowKey = (event: { userId: number; classId: number }) => `${event.userId}:${event.classId}`;

type Outcome = ProgressRecord | undefined | { failed: unknown };

/** Records one event if the learner may open the class: the record, or undefined. */
export type ProgressWriter = (event: ProgressValues) => Promise<ProgressRecord | undefined>;

/**
 * Heartbeats of many learners arrive at once, so the events of concurrent requests are written together,
 * in one statement per batch (see createBatcher). Events of one row waiting together go in one batch and
 * are merged into one write; a row is never in two batches at once, so its events keep their order.
 * Built once per app (createApp), which passes it down.
 */
export function createProgressWriter(db: Knex): ProgressWriter {
  const write = createBatcher((events: ProgressValues[]) => writeBatch(db, events), {
    maxInFlight: 4,
    maxBatchSize: 100,
    keyOf: rowKey,
    sameKeyTogether: true,
  });
  return async (event) => {
    const outcome: Outcome = await write(event);
    if (outcome && 'failed' in outcome) throw outcome.failed;
    return outcome;
  };
}

async function writeBatch(db: Knex, events: ProgressValues[]): Promise<Outcome[]> {
  try {
    return await upsertProgressIfAllowed(db, events);
  } catch (error) {
    if (events.length === 1 || !concernsRows(error)) throw error;
    // One event's row may fail (its learner deleted meanwhile): each event then gets its own outcome.
    return Promise.all(
      events.map((event) =>
        upsertProgressIfAllowed(db, [event]).then(
          ([record]) => record,
          (failed: unknown) => ({ failed }),
        ),
      ),
    );
  }
}

/** Integrity violations (23…) and rolled-back transactions (40…): errors of some rows, not of the database. */
function concernsRows(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(23|40)[0-9A-Z]{3}$/.test(code);
}

/**
 * Marks a class completed (or not), if the learner may open it: the record, or undefined. `by` says who
 * asked: the learner (`marked`) or listen mode's sleep timer (`asleep`, only for a class with an audio
 * track). A completion keeps its first completedAt and reason, as a completion by watching does; an
 * undo clears them. The positions watched are kept.
 */
export async function setCompletionIfAllowed(
  db: Knex,
  userId: number,
  classId: number,
  completion: { completed: boolean; by: Exclude<CompletionReason, 'finished'>; listenedAt: Date },
): Promise<ProgressRecord | undefined> {
  const { completed, by, listenedAt } = completion;
  const stored = 'user_progress."completionReason"';
  const reasonNow = completionReasonSql(
    { ended: 'false', percentWatched: 'user_progress."percentWatched"' },
    'excluded."completionReason"',
  );
  const { rows } = await db
    .raw<{ rows: ProgressRecord[] }>(
      `insert into user_progress
       ("userId", "classId", "sessionId", "maxPositionSec", "percentWatched", "totalPlays", completed, "completedAt",
        "completionReason")
     select ?::int, c.id, c.id, 0, 0, 0, ?::boolean, case when ?::boolean then now() end,
            case when ?::boolean then ?::text end
       from ${VISIBLE_CLASS}
       cross join lateral ${learnerAccessSql('?')} own
      where ${CLASS_ID_IS} and ${classOpenSql()} and (?::text <> 'asleep' or c."audioUrl" is not null)
     on conflict ("userId", "classId") do update set
       completed = excluded.completed,
       "completedAt" = case when excluded.completed then coalesce(user_progress."completedAt", now()) end,
       "completionReason" = case when not excluded.completed then null
                                 when user_progress.completed then ${stored}
                                 else ${reasonNow} end,
       -- The sleep timer ended the night: the learner was listening until then.
       "listenedAt" = case when excluded."completionReason" = 'asleep'
                           then greatest(user_progress."listenedAt", ?::timestamptz) else user_progress."listenedAt" end,
       "updatedAt" = now()
     returning ${RECORD_COLUMNS}`,
      [userId, completed, completed, completed, by, userId, classId, by, listenedAt],
    )
    .options({ name: 'progress-set-completion' });
  return rows[0];
}

type ClassAccess = { isOwned: boolean; isUnlocked: boolean; opensAt: Date | null; hasAudio: boolean };

/** Why a learner may not open a class: undefined when it is not visible at all. */
export async function findClassAccess(
  db: Knex,
  classId: number,
  userId: number,
): Promise<ClassAccess | undefined> {
  const { rows } = await db
    .raw<{ rows: ClassAccess[] }>(
      `select own.since is not null as "isOwned", ${CLASS_UNLOCKED} as "isUnlocked",
              ${classOpensAtSql()} as "opensAt", c."audioUrl" is not null as "hasAudio"
         from ${VISIBLE_CLASS}
         cross join lateral ${learnerAccessSql('?')} own
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
