import type { NightSleepFigures } from '@sleep-ritual/contracts/sleep-check-ins';
import type { Knex } from '@sleep-ritual/platform/db';
import { givesAccessSql, givesNoAccessSql } from '@sleep-ritual/learning/purchase-access';

export async function livePrograms(db: Knex): Promise<{ id: number; title: string }[]> {
  return db('programs')
    .whereNull('deletedAt')
    .orderBy([{ column: 'orderIndex' }, { column: 'id' }])
    .select('id', 'title');
}

export type EngagementClassRow = {
  classId: number;
  title: string;
  label: string | null;
  phaseTitle: string;
  pathTitle: string;
};

/** The programme's live classes in learning order: phase, path, class. */
export async function programClasses(db: Knex, programId: number): Promise<EngagementClassRow[]> {
  const { rows } = await db.raw<{ rows: EngagementClassRow[] }>(
    `select c.id as "classId", c.title, c.label, ph.title as "phaseTitle", pa.title as "pathTitle"
       from phases ph
       join paths pa on pa."phaseId" = ph.id and pa."deletedAt" is null
       join classes c on c."pathId" = pa.id and c."deletedAt" is null
      where ph."programId" = ? and ph."deletedAt" is null
      order by ph."orderIndex", ph.id, pa."orderIndex", pa.id, c."orderIndex", c.id`,
    [programId],
  );
  return rows;
}

/** Members who can open the programme now (a deleted account's purchases stay for the books only). */
export async function countOwners(db: Knex, programId: number): Promise<number> {
  const { rows } = await db.raw<{ rows: { owners: number }[] }>(
    `select count(distinct p."userId")::int as owners
       from purchases p join users u on u.id = p."userId" and u."deletedAt" is null
      where p."programId" = ? and ${givesAccessSql('p')}`,
    [programId],
  );
  return rows[0]?.owners ?? 0;
}

/**
 * Per night, the morning check-ins about it: how many answered, how many of them fell asleep during
 * it, and the mean of the qualities given. Classes nobody answered about are absent.
 */
export async function sleepFigures(db: Knex, classIds: number[]): Promise<Map<number, NightSleepFigures>> {
  const { rows } = await db.raw<{
    rows: { classId: number; answered: number; during: number; averageQuality: string | null }[];
  }>(
    `select class_id as "classId", count(*)::int as answered,
            (count(*) filter (where answer = 'during'))::int as during,
            avg(quality) as "averageQuality"
       from sleep_check_ins
      where class_id = any(?::int[])
      group by class_id`,
    [classIds],
  );
  return new Map(
    rows.map((row) => [
      row.classId,
      {
        answered: row.answered,
        asleepDuringPercent: Math.round((row.during * 1000) / row.answered) / 10,
        averageQuality: row.averageQuality === null ? null : Math.round(Number(row.averageQuality) * 10) / 10,
      },
    ]),
  );
}

export type WatchedBucket = { classId: number; percentWatched: number; learners: number; completed: number };

/**
 * How many learners reached each percentage of each class, and how many of those completed it.
 * Grouping by the percentage (0 to 100) keeps the answer to a few hundred rows however many learners
 * there are, and the median comes from it without sorting every row.
 */
export async function watchedBuckets(db: Knex, classIds: number[]): Promise<WatchedBucket[]> {
  const { rows } = await db.raw<{ rows: WatchedBucket[] }>(
    `select "classId", "percentWatched", count(*)::int as learners, (count(*) filter (where completed))::int as completed
       from user_progress
      where "classId" = any(?::int[])
      group by "classId", "percentWatched"`,
    [classIds],
  );
  return rows;
}

/**
 * The same buckets for the learners who no longer own the programme: every purchase of it they have
 * was refunded or revoked. Only an owner can record progress, so these are the learners to take away
 * from watchedBuckets to count owners only; they are few, so this is cheaper than matching every row
 * against tens of thousands of owners.
 */
export async function formerOwnerBuckets(
  db: Knex,
  programId: number,
  classIds: number[],
): Promise<WatchedBucket[]> {
  const { rows } = await db.raw<{ rows: WatchedBucket[] }>(
    `select up."classId", up."percentWatched", count(*)::int as learners, (count(*) filter (where up.completed))::int as completed
       from (select distinct lost."userId" from purchases lost
              where lost."programId" = ? and ${givesNoAccessSql('lost')}
                and not exists (select 1 from purchases pu
                                 where pu."userId" = lost."userId" and pu."programId" = lost."programId"
                                   and ${givesAccessSql('pu')})) former
       join user_progress up on up."userId" = former."userId" and up."classId" = any(?::int[])
      group by up."classId", up."percentWatched"`,
    [programId, classIds],
  );
  return rows;
}
