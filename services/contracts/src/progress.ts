import { z } from 'zod';

export const progressEventTypes = ['play', 'timeupdate', 'pause', 'ended', 'exit', 'session_start'] as const;
export type ProgressEventType = (typeof progressEventTypes)[number];

/** Seconds far beyond any class; keeps stored values inside a PostgreSQL integer. */
const MAX_SECONDS = 1_000_000;

/**
 * The body of PUT /api/progress/{classId} (and of the beacon POST to the same path), with the spec's
 * rule: position_sec a number >= 0; duration_sec a number >= 1; event_type one of the six events.
 */
const eventTypeRule = `event_type must be one of ${progressEventTypes.join(', ')}`;

/**
 * When a call made offline (a night listened to in airplane mode) was made: an ISO instant, sent with it
 * once the network returns. The server keeps it as when the night was listened to, within the last day.
 */
const recordedAt = z.iso
  .datetime({ offset: true, error: 'recorded_at must be an ISO date and time' })
  .optional();

/**
 * A play session's id, sent with its session_start (the members app makes one per session): a
 * session_start whose answer was lost and that is sent again with the same id counts one play, not two.
 * Not one of the spec's rules: one that is not 8 to 64 letters, digits, - or _ is ignored, never refused.
 */
const playId = z
  .string()
  .regex(/^[\w-]{8,64}$/)
  .optional()
  .catch(undefined);

export const progressEventSchema = z.object(
  {
    position_sec: z
      .number({ error: 'position_sec must be a number >= 0' })
      .min(0, { error: 'position_sec must be a number >= 0' })
      .max(MAX_SECONDS, { error: `position_sec must be at most ${MAX_SECONDS}` }),
    duration_sec: z
      .number({ error: 'duration_sec must be a number >= 1' })
      .min(1, { error: 'duration_sec must be a number >= 1' })
      .max(MAX_SECONDS, { error: `duration_sec must be at most ${MAX_SECONDS}` }),
    event_type: z.enum(progressEventTypes, { error: eventTypeRule }),
    recorded_at: recordedAt,
    play_id: playId,
  },
  {
    error: `Send position_sec (a number >= 0), duration_sec (a number >= 1) and event_type (one of ${progressEventTypes.join(', ')}).`,
  },
);
export type ProgressEvent = z.infer<typeof progressEventSchema>;

/**
 * Why a class counts as completed: `finished` (played to its end, or COMPLETION_PERCENT of it),
 * `asleep` (listen mode's sleep timer ended it: the learner fell asleep to it, which counts as much) or
 * `marked` (the learner's "Mark as complete").
 */
export const completionReasons = ['finished', 'asleep', 'marked'] as const;
export type CompletionReason = (typeof completionReasons)[number];

/**
 * The body of PUT /api/progress/{classId}/completion: the learner marks a class complete by hand (true)
 * or undoes it (false); listen mode sends `{ completed: true, reason: 'asleep' }` when the sleep timer
 * ends the track. Answers the learner's record, like a watch event.
 */
export const progressCompletionSchema = z
  .object(
    {
      completed: z.boolean({ error: 'completed must be true or false' }),
      reason: z.enum(['marked', 'asleep'], { error: 'reason must be marked or asleep' }).optional(),
      recorded_at: recordedAt,
    },
    { error: 'Send completed (true or false).' },
  )
  .refine((body) => body.completed || body.reason === undefined, {
    error: 'A reason goes only with completed: true.',
    path: ['reason'],
  });
export type ProgressCompletion = z.infer<typeof progressCompletionSchema>;

/** Why a completion by the sleep timer is refused: only a night with an audio track has listen mode. */
export const progressMessages = {
  asleepNeedsAudio: 'Only a class with an audio track can be ended by the sleep timer.',
} as const;

/** A class counts as completed when it ended or this much of it was watched. */
export const COMPLETION_PERCENT = 90;

/**
 * The learner's one record per class: the answer of PUT/POST /api/progress/{classId} (200) and of
 * GET /api/progress/{classId} (404 when nothing was recorded yet).
 */
export const progressRecordSchema = z.object({
  classId: z.number().int(),
  maxPositionSec: z.number().int(),
  durationSeconds: z.number().int().nullable(),
  percentWatched: z.number().int(),
  totalPlays: z.number().int(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
  /** Why it counts as completed; null while it does not. */
  completionReason: z.enum(completionReasons).nullable(),
  startedAt: z.string(),
  updatedAt: z.string(),
});
export type ProgressRecord = z.infer<typeof progressRecordSchema>;
