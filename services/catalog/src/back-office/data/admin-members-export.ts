import type { Knex } from '@sleep-ritual/platform/db';
import { givesAccessSql } from '@sleep-ritual/learning/purchase-access';

/** Rows are read in batches by ascending id, each batch a short query: no long-held cursor or snapshot. */
const BATCH = 2_000;

async function* batches<T extends { id: number }>(
  read: (afterId: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId);
    const last = rows.at(-1);
    if (!last) return;
    yield rows;
    afterId = last.id;
    if (rows.length < BATCH) return;
  }
}

export type MemberExportRow = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  hasPassword: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
  programs: string;
};

/**
 * Every member (a deleted account's emptied row is not one) with the titles of the programmes they can
 * open now, '; '-separated in catalogue order.
 */
export function memberExportBatches(db: Knex): AsyncGenerator<MemberExportRow[]> {
  return batches(async (afterId) => {
    const { rows } = await db.raw<{ rows: MemberExportRow[] }>(
      `select u.id, u.email, u."firstName", u."lastName", (u.password is not null) as "hasPassword", u."createdAt",
              u."lastSignInAt",
              coalesce((select string_agg(pr.title, '; ' order by pr."orderIndex", pr.id)
                          from programs pr
                         where pr.id in (select pu."programId" from purchases pu
                                          where pu."userId" = u.id and ${givesAccessSql('pu')})), '') as programs
         from users u where u.id > ? and u."deletedAt" is null order by u.id limit ?`,
      [afterId, BATCH],
    );
    return rows;
  });
}

export type ProgressExportRow = {
  id: number;
  memberId: number;
  email: string;
  programTitle: string;
  classId: number;
  classTitle: string;
  percentWatched: number;
  completed: boolean;
  completedAt: Date | null;
  lastWatchedAt: Date;
  totalPlays: number;
};

/** Every progress record: one line per member and class they played. */
export function progressExportBatches(db: Knex): AsyncGenerator<ProgressExportRow[]> {
  return batches(async (afterId) => {
    const { rows } = await db.raw<{ rows: ProgressExportRow[] }>(
      `select up.id, u.id as "memberId", u.email, pr.title as "programTitle", c.id as "classId", c.title as "classTitle",
              up."percentWatched", up.completed, up."completedAt", coalesce(up."listenedAt", up."updatedAt") as "lastWatchedAt", up."totalPlays"
         from user_progress up
         join users u on u.id = up."userId"
         join classes c on c.id = up."classId"
         join paths pa on pa.id = c."pathId"
         join phases ph on ph.id = pa."phaseId"
         join programs pr on pr.id = ph."programId"
        where up.id > ? order by up.id limit ?`,
      [afterId, BATCH],
    );
    return rows;
  });
}
