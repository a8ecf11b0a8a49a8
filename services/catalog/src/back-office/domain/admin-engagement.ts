import {
  ADMIN_MEMBER_MESSAGES,
  type Engagement,
  type EngagementClass,
} from '@sleep-ritual/contracts/admin-members';
import type { Knex } from '@sleep-ritual/platform/db';
import { NotFoundError } from '@sleep-ritual/platform/errors';
import {
  countOwners,
  formerOwnerBuckets,
  livePrograms,
  programClasses,
  sleepFigures,
  watchedBuckets,
  type WatchedBucket,
} from '../data/admin-engagement-queries.ts';

/**
 * The median of the values the buckets hold, as PostgreSQL's percentile_cont(0.5) would give it over
 * every row: the middle value, or the mean of the two middle ones. Null for no values.
 */
export function medianOfBuckets(buckets: { value: number; count: number }[]): number | null {
  const sorted = buckets.filter((bucket) => bucket.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, bucket) => sum + bucket.count, 0);
  if (total === 0) return null;
  const valueAt = (index: number) => {
    let seen = 0;
    for (const bucket of sorted) {
      seen += bucket.count;
      if (index < seen) return bucket.value;
    }
    // Unreachable: every index asked for is below the total.
    throw new RangeError(`No value at ${index} of ${total}`);
  };
  const lower = valueAt(Math.floor((total - 1) / 2));
  const upper = valueAt(Math.ceil((total - 1) / 2));
  return (lower + upper) / 2;
}

/** Each class's buckets, less the former owners' ones. */
function bucketsByClass(
  everyone: WatchedBucket[],
  formerOwners: WatchedBucket[],
): Map<number, WatchedBucket[]> {
  const key = (bucket: WatchedBucket) => `${bucket.classId}:${bucket.percentWatched}`;
  const former = new Map(formerOwners.map((bucket) => [key(bucket), bucket]));
  const byClass = new Map<number, WatchedBucket[]>();
  for (const bucket of everyone) {
    const left = former.get(key(bucket));
    const owners = left
      ? { ...bucket, learners: bucket.learners - left.learners, completed: bucket.completed - left.completed }
      : bucket;
    byClass.set(bucket.classId, [...(byClass.get(bucket.classId) ?? []), owners]);
  }
  return byClass;
}

function classFigures(
  buckets: WatchedBucket[],
): Pick<EngagementClass, 'started' | 'completed' | 'medianPercentWatched'> {
  return {
    started: buckets.reduce((sum, bucket) => sum + bucket.learners, 0),
    completed: buckets.reduce((sum, bucket) => sum + bucket.completed, 0),
    medianPercentWatched: medianOfBuckets(
      buckets.map((bucket) => ({ value: bucket.percentWatched, count: bucket.learners })),
    ),
  };
}

const NO_ANSWERS = { answered: 0, asleepDuringPercent: null, averageQuality: null } as const;

/**
 * Per class of one programme, in learning order: how many owners started it, completed it, and how far
 * they watched; with the list of programmes to choose from.
 */
export async function getEngagement(db: Knex, programId?: number): Promise<Engagement> {
  const programs = await livePrograms(db);
  const program =
    programId === undefined ? programs[0] : programs.find((candidate) => candidate.id === programId);
  if (programId !== undefined && !program) throw new NotFoundError(ADMIN_MEMBER_MESSAGES.programNotFound);
  if (!program) return { programs, program: null };
  const classes = await programClasses(db, program.id);
  const classIds = classes.map((row) => row.classId);
  const [owners, everyone, formerOwners, sleep] = await Promise.all([
    countOwners(db, program.id),
    watchedBuckets(db, classIds),
    formerOwnerBuckets(db, program.id, classIds),
    sleepFigures(db, classIds),
  ]);
  const byClass = bucketsByClass(everyone, formerOwners);
  return {
    programs,
    program: {
      programId: program.id,
      title: program.title,
      owners,
      classes: classes.map((row) => ({
        ...row,
        ...classFigures(byClass.get(row.classId) ?? []),
        sleep: sleep.get(row.classId) ?? NO_ANSWERS,
      })),
    },
  };
}
