import {
  sleepCheckInMessages,
  type SleepCheckIn,
  type SleepCheckInInput,
  type SleepCheckIns,
} from '@sleep-ritual/contracts/sleep-check-ins';
import { ConflictError } from '@sleep-ritual/platform/errors';
import { findPendingCheckIn, listCheckIns, saveCheckIn } from '../data/check-in-queries.ts';
import type { ProgressDeps } from '../deps.ts';

type Deps = Pick<ProgressDeps, 'db'>;

/**
 * The morning check-in. The server names the night to ask about and when it was heard; the browser
 * asks only on a later day of the learner's own clock (it knows their zone and their "Not now").
 */
export async function getCheckIns({ db }: Deps, userId: number): Promise<SleepCheckIns> {
  const [pending, answers] = await Promise.all([findPendingCheckIn(db, userId), listCheckIns(db, userId)]);
  return { pending, answers };
}

/** Answers about a night the learner listened to; 409 for one they never did. */
export async function answerCheckIn(
  { db }: Deps,
  userId: number,
  classId: number,
  input: SleepCheckInInput,
): Promise<SleepCheckIn> {
  const saved = await saveCheckIn(db, userId, classId, {
    answer: input.answer,
    quality: input.quality ?? null,
  });
  if (!saved) throw new ConflictError(sleepCheckInMessages.notListened);
  return saved;
}
