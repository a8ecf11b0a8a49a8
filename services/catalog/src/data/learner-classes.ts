import type { Knex } from '@sleep-ritual/platform/db';
import { createBatcher } from '@sleep-ritual/platform/http/request-batcher';
import {
  accessSinceSql,
  CLASS_UNLOCKED,
  classOpensAtSql,
  VISIBLE_PATH_ANCESTORS,
} from '@sleep-ritual/platform/purchase-access';
import { joinProgress, PROGRESS_COLUMNS, type ProgressColumns } from './learner-visibility.ts';

export type ClassRow = ProgressColumns & {
  id: number;
  label: string | null;
  title: string;
  description: string | null;
  coverArtUrl: string | null;
  vimeoVideoId: string | null;
  audioUrl: string | null;
  artworkUrl: string | null;
  additionalContentUrl: string | null;
  additionalContentButtonLabel: string | null;
  durationMinutes: number | null;
  /** The class, its path and its phase are all unlocked. */
  isUnlocked: boolean;
  /** Unlocked, but opens on a later day for this learner (drip): when. */
  opensAt: Date | null;
  pathId: number;
  pathTitle: string;
  phaseId: number;
  phaseTitle: string;
  programId: number;
  isOwned: boolean;
};

export type ClassLookup = { classId: number; userId: number };

/**
 * Visible classes with their ancestors, each learner's ownership and progress, for many (class,
 * learner) lookups in one query: one result per lookup, in order, undefined where the class is not
 * visible.
 */
export async function findClasses(db: Knex, lookups: ClassLookup[]): Promise<(ClassRow | undefined)[]> {
  const { rows } = await db
    .raw<{ rows: (ClassRow & { lookup: number })[] }>(
      `select q.lookup::int as lookup, c.id, c.label, c.title, c.description, c."coverArtUrl", c."vimeoVideoId", c."audioUrl",
            coalesce(c."coverArtUrl", pa."cardImageUrl") as "artworkUrl",
            c."additionalContentUrl", c."additionalContentButtonLabel", c."durationMinutes",
            ${CLASS_UNLOCKED} as "isUnlocked", ${classOpensAtSql('own.since')} as "opensAt",
            pa.id as "pathId", pa.title as "pathTitle", ph.id as "phaseId", ph.title as "phaseTitle",
            pr.id as "programId", own.since is not null as "isOwned", ${PROGRESS_COLUMNS}
       from unnest(?::int[], ?::int[]) with ordinality as q("classId", "userId", lookup)
       join classes c on c.id = q."classId" and c."deletedAt" is null
       join paths pa on pa.id = c."pathId" and pa."deletedAt" is null
       ${VISIBLE_PATH_ANCESTORS}
       cross join lateral (select ${accessSinceSql('q."userId"')} as since) own
       ${joinProgress('q."userId"')}`,
      [lookups.map((lookup) => lookup.classId), lookups.map((lookup) => lookup.userId)],
    )
    .options({ name: 'learner-classes' });
  const found: (ClassRow | undefined)[] = new Array(lookups.length).fill(undefined);
  for (const { lookup, ...row } of rows) found[lookup - 1] = row;
  return found;
}

const classFinders = new WeakMap<Knex, (lookup: ClassLookup) => Promise<ClassRow | undefined>>();

/**
 * One visible class for one learner. The class page is the busiest learner call, so the lookups of
 * concurrent requests go to the database together (see createBatcher): as fresh as a query of its own.
 */
export function findClass(db: Knex, classId: number, userId: number): Promise<ClassRow | undefined> {
  let find = classFinders.get(db);
  if (!find) {
    find = createBatcher((lookups: ClassLookup[]) => findClasses(db, lookups), {
      maxInFlight: 4,
      maxBatchSize: 100,
    });
    classFinders.set(db, find);
  }
  return find({ classId, userId });
}
