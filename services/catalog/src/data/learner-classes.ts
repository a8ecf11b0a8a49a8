import type { Knex } from '@sleep-ritual/platform/db';
import { createBatcher } from '@sleep-ritual/platform/batcher';
import {
  accessEndedSql,
  learnerAccessSql,
  CLASS_UNLOCKED,
  classOpensAtSql,
  VISIBLE_PATH_ANCESTORS,
} from '@sleep-ritual/learning/purchase-access';
import { joinProgress, PROGRESS_COLUMNS, type ProgressColumns } from './learner-visibility.ts';

export type ClassRow = ProgressColumns & {
  id: number;
  label: string | null;
  title: string;
  description: string | null;
  coverArtUrl: string | null;
  vimeoVideoId: string | null;
  audioUrl: string | null;
  audioQuietSpans: [number, number][] | null;
  hasTranscript: boolean;
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
  /** Not owned, though it was once: the purchase was refunded or revoked. */
  accessEnded: boolean;
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
      `select q.lookup::int as lookup, c.id, c.label, c.title, c.description, c."coverArtUrl", c."vimeoVideoId", c."audioUrl", c."audioQuietSpans",
            exists (select 1 from class_transcripts t where t."classId" = c.id) as "hasTranscript",
            coalesce(c."coverArtUrl", pa."cardImageUrl") as "artworkUrl",
            c."additionalContentUrl", c."additionalContentButtonLabel", c."durationMinutes",
            ${CLASS_UNLOCKED} as "isUnlocked", ${classOpensAtSql()} as "opensAt",
            pa.id as "pathId", pa.title as "pathTitle", ph.id as "phaseId", ph.title as "phaseTitle",
            pr.id as "programId", own.since is not null as "isOwned",
            own.since is null and ${accessEndedSql('q."userId"')} as "accessEnded", ${PROGRESS_COLUMNS}
       from unnest(?::int[], ?::int[]) with ordinality as q("classId", "userId", lookup)
       join classes c on c.id = q."classId" and c."deletedAt" is null
       join paths pa on pa.id = c."pathId" and pa."deletedAt" is null
       ${VISIBLE_PATH_ANCESTORS}
       cross join lateral ${learnerAccessSql('q."userId"')} own
       ${joinProgress('q."userId"')}`,
      [lookups.map((lookup) => lookup.classId), lookups.map((lookup) => lookup.userId)],
    )
    .options({ name: 'learner-classes' });
  const found: (ClassRow | undefined)[] = new Array(lookups.length).fill(undefined);
  for (const { lookup, ...row } of rows) found[lookup - 1] = row;
  return found;
}

/** One visible class for one learner, or undefined where it is not visible. */
export type ClassFinder = (classId: number, userId: number) => Promise<ClassRow | undefined>;

/**
 * Finds one visible class for one learner. The class page is the busiest learner call, so the lookups of
 * concurrent requests go to the database together (see createBatcher): as fresh as a query of its own.
 * Built once per app (createApp), which passes it down.
 */
export function createClassFinder(db: Knex): ClassFinder {
  const find = createBatcher((lookups: ClassLookup[]) => findClasses(db, lookups), {
    maxInFlight: 4,
    maxBatchSize: 100,
  });
  return (classId, userId) => find({ classId, userId });
}

/** The ids of the visible classes whose audio track is at `audioUrl` (a file of the media store). */
export async function classIdsPlaying(db: Knex, audioUrl: string): Promise<number[]> {
  const rows: { id: number }[] = await db('classes')
    .where({ audioUrl })
    .whereNull('deletedAt')
    .orderBy('id')
    .limit(50)
    .select('id');
  return rows.map((row) => row.id);
}
