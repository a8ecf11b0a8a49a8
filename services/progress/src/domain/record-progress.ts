import { learnerAccessMessages } from '@sleep-ritual/contracts/catalog';
import {
  progressMessages,
  type ProgressCompletion,
  type ProgressEvent,
  type ProgressRecord,
} from '@sleep-ritual/contracts/progress';
import { completesClass } from '@sleep-ritual/learning/completion';
import { ConflictError, ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';
import type { ProgressDeps, ProgressRouteDeps } from '../deps.ts';
import {
  findClassAccess,
  findProgress,
  setCompletionIfAllowed,
  type ProgressValues,
} from '../data/progress-queries.ts';

type Deps = Pick<ProgressDeps, 'db'>;

/** How long after it was made a call sent late still says when the night was listened to. */
const RECORDED_AT_MOST_MS = 24 * 60 * 60 * 1000;

/**
 * When the learner was listening: now, or for a call made offline and sent later, when it was made
 * (`recorded_at`), kept within the last day and never in the future.
 */
export function listenedAt(recordedAt: string | undefined, now = Date.now()): Date {
  const at = recordedAt === undefined ? now : Date.parse(recordedAt);
  return new Date(Math.min(now, Math.max(now - RECORDED_AT_MOST_MS, at)));
}

/** What one event says on its own, in whole seconds; the stored row merges it (never going back). */
export function eventValues(userId: number, classId: number, event: ProgressEvent): ProgressValues {
  const durationSec = Math.max(1, Math.round(event.duration_sec));
  const positionSec = Math.min(Math.floor(event.position_sec), durationSec);
  const percent = Math.floor((positionSec * 100) / durationSec);
  return {
    userId,
    classId,
    positionSec,
    durationSec,
    percent,
    // A play is counted when its session starts, so a row first written by "play" starts at 0 plays
    // and its first session_start makes it 1: the first session is never counted twice.
    plays: event.event_type === 'session_start' ? 1 : 0,
    playId: event.event_type === 'session_start' ? (event.play_id ?? null) : null,
    completed: completesClass({ ended: event.event_type === 'ended', percentWatched: percent }),
    listenedAt: listenedAt(event.recorded_at),
  };
}

/** Records a watch event for a class the learner may open; 404 or 403 otherwise. */
export async function recordProgress(
  { db, writeEvent }: Pick<ProgressRouteDeps, 'db' | 'writeEvent'>,
  userId: number,
  classId: number,
  event: ProgressEvent,
): Promise<ProgressRecord> {
  const record = await writeEvent(eventValues(userId, classId, event));
  return record ?? refuse({ db }, userId, classId);
}

/**
 * The learner's "Mark as complete" (or its undo), or listen mode's sleep timer ending the night
 * (`reason: 'asleep'`), for a class they may open: recorded on the same row as a completion by
 * watching, so every reader of progress ("Tonight", the path, the reminders) moves on alike; 404 or 403
 * otherwise, 409 for `asleep` on a class without an audio track (it has no sleep timer).
 */
export async function setCompletion(
  { db }: Deps,
  userId: number,
  classId: number,
  body: ProgressCompletion,
): Promise<ProgressRecord> {
  const by = body.reason ?? 'marked';
  const record = await setCompletionIfAllowed(db, userId, classId, {
    completed: body.completed,
    by,
    listenedAt: listenedAt(body.recorded_at),
  });
  return record ?? refuse({ db }, userId, classId, by === 'asleep');
}

/** Nothing was written: find out why, off the fast path. */
async function refuse({ db }: Deps, userId: number, classId: number, asleep = false): Promise<never> {
  const access = await findClassAccess(db, classId, userId);
  if (!access) throw new NotFoundError(learnerAccessMessages.notFound('class'));
  if (!access.isOwned) throw new ForbiddenError(learnerAccessMessages.notOwned);
  if (access.isUnlocked && access.opensAt) throw new ForbiddenError(learnerAccessMessages.notYetOpen);
  if (!access.isUnlocked) throw new ForbiddenError(learnerAccessMessages.locked);
  if (asleep && !access.hasAudio) throw new ConflictError(progressMessages.asleepNeedsAudio);
  throw new ForbiddenError(learnerAccessMessages.locked);
}

export async function readProgress({ db }: Deps, userId: number, classId: number): Promise<ProgressRecord> {
  const record = await findProgress(db, userId, classId);
  if (!record) throw new NotFoundError('No progress has been recorded for this class yet.');
  return record;
}
