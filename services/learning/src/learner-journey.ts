import type { Knex } from '@sleep-ritual/platform/db';
import { classOpensAtSql, classOpenSql, learnerAccessSql, OWN, VISIBLE_CLASS } from './purchase-access.ts';

/**
 * The learner's journey through the programmes they own: which class to listen to next. The catalog's
 * "Tonight" and path pages and the worker's bedtime reminders all choose by this one rule.
 */

export type JourneyClassRow = {
  programId: number;
  pathId: number;
  id: number;
  label: string | null;
  title: string;
  durationMinutes: number | null;
  /** The class may be opened now: it, its path and its phase are unlocked and its drip day has come. */
  isUnlocked: boolean;
  /** When it opens, if it is unlocked but waits for its drip day; otherwise null. */
  opensAt: Date | null;
  maxPositionSec: number | null;
  completed: boolean | null;
};

/**
 * Every visible class of the programmes the learner owns, in programme, phase, path and class order,
 * with the learner's progress, as of `now` (the caller's clock): what "Tonight" is chosen from, in one
 * query.
 */
export async function listOwnedJourneyClasses(
  db: Knex,
  userId: number,
  now: Date = new Date(),
): Promise<JourneyClassRow[]> {
  const { rows } = await db
    .raw<{ rows: JourneyClassRow[] }>(
      `select pr.id as "programId", pa.id as "pathId", c.id, c.label, c.title, c."durationMinutes",
            ${classOpenSql(OWN, 'clock.now')} as "isUnlocked",
            ${classOpensAtSql(OWN, 'clock.now')} as "opensAt",
            up."maxPositionSec", up.completed
       from ${VISIBLE_CLASS}
       cross join lateral (select ?::int as "userId", ?::timestamptz as now) clock
       cross join lateral ${learnerAccessSql('clock."userId"')} own
       left join user_progress up on up."classId" = c.id and up."userId" = clock."userId"
      where own.since is not null
      order by pr."orderIndex", pr.id, ph."orderIndex", ph.id, pa."orderIndex", pa.id, c."orderIndex", c.id`,
      [userId, now],
    )
    .options({ name: 'learner-owned-journey' });
  return rows;
}

type JourneyClass = {
  isUnlocked: boolean;
  opensAt: Date | string | null;
  progress: { maxPositionSec: number; completed: boolean } | null;
};

export type NextClass<T> = {
  item: T;
  /** Every open class is completed: the first one again. */
  repeat: boolean;
  /** Every open class is completed and this one, the next not completed, opens later (drip). */
  upcoming: boolean;
};

/**
 * The class to listen to next among classes in order: the first one in progress (started, not
 * completed), else the first not completed in the programme's own order among those open or waiting for
 * their drip day: when that one waits, it is named as upcoming (a later path that happens to be open,
 * a bonus say, never jumps ahead of it), else the first again as a repeat. Classes that cannot be
 * opened are never chosen to play; one locked by hand (no date) is passed over. The path page,
 * "Tonight" and the bedtime reminder all use this rule.
 */
export function nextClass<T extends JourneyClass>(classes: T[]): NextClass<T> | undefined {
  const open = classes.filter((item) => item.isUnlocked);
  const inProgress = open.find(
    (item) => item.progress && !item.progress.completed && item.progress.maxPositionSec > 0,
  );
  if (inProgress) return { item: inProgress, repeat: false, upcoming: false };
  const notCompleted = classes.find(
    (item) => (item.isUnlocked || item.opensAt !== null) && !item.progress?.completed,
  );
  if (notCompleted) return { item: notCompleted, repeat: false, upcoming: !notCompleted.isUnlocked };
  return open[0] && { item: open[0], repeat: true, upcoming: false };
}

/** A journey row with its progress as nextClass reads it. */
const withProgress = (row: JourneyClassRow) => ({
  ...row,
  progress:
    row.maxPositionSec === null
      ? null
      : { maxPositionSec: row.maxPositionSec, completed: row.completed ?? false },
});

/** The journey rows grouped by programme, in programme order. */
export function byProgram(rows: JourneyClassRow[]): Map<number, ReturnType<typeof withProgress>[]> {
  const grouped = new Map<number, ReturnType<typeof withProgress>[]>();
  for (const row of rows) {
    const classes = grouped.get(row.programId) ?? [];
    classes.push(withProgress(row));
    grouped.set(row.programId, classes);
  }
  return grouped;
}
