import { z } from 'zod';
import { sleepAnswers } from './sleep-answers.ts';

/**
 * The morning check-in: after a night was listened to, the next day My programs asks "How did you
 * sleep?" about it, once. One tap answers; a quality of 1 to 5 may follow. Stored per learner and night
 * by the progress service (`sleep_check_ins`).
 */

// The answers and their words live without zod, for screens that show them before zod is loaded.
export { SLEEP_ANSWER_LABELS, sleepAnswers, type SleepAnswer } from './sleep-answers.ts';

const quality = z
  .number({ error: 'quality must be a whole number from 1 to 5' })
  .int({ error: 'quality must be a whole number from 1 to 5' })
  .min(1, { error: 'quality must be a whole number from 1 to 5' })
  .max(5, { error: 'quality must be a whole number from 1 to 5' });

/**
 * PUT /api/progress/{classId}/check-in: the learner's answer about a night they listened to, and
 * optionally how well they slept (1 to 5). Sent again with a quality, it adds it to the same answer:
 * a night has one check-in.
 */
export const sleepCheckInInputSchema = z.object(
  {
    answer: z.enum(sleepAnswers, { error: `answer must be one of ${sleepAnswers.join(', ')}` }),
    quality: quality.nullable().optional(),
  },
  { error: `Send answer (one of ${sleepAnswers.join(', ')}) and, if you like, quality (1 to 5).` },
);
export type SleepCheckInInput = z.input<typeof sleepCheckInInputSchema>;

const night = {
  classId: z.number().int(),
  programId: z.number().int(),
  label: z.string().nullable(),
  title: z.string(),
};

/** One answered night. */
export const sleepCheckInSchema = z.object({
  ...night,
  answer: z.enum(sleepAnswers),
  quality: z.number().int().nullable(),
  answeredAt: z.string(),
});
export type SleepCheckIn = z.infer<typeof sleepCheckInSchema>;

/**
 * GET /api/progress/check-ins: `pending`, the last night listened to that has no answer yet (with
 * when it was last listened to, so the browser asks only on a later day of the learner's own clock),
 * or null; `answers`, every answered night, oldest first.
 */
export const sleepCheckInsSchema = z.object({
  pending: z.object({ ...night, listenedAt: z.string() }).nullable(),
  answers: z.array(sleepCheckInSchema),
});
export type SleepCheckIns = z.infer<typeof sleepCheckInsSchema>;

export const sleepCheckInMessages = {
  notListened: "This night hasn't been listened to yet.",
} as const;

/** Per night, for the admin's engagement screen and a member's page. */
export const nightSleepFiguresSchema = z.object({
  /** Learners who answered about the night. */
  answered: z.number().int(),
  /** The share of them who fell asleep during it, 0 to 100; null when nobody answered. */
  asleepDuringPercent: z.number().nullable(),
  /** The mean quality of the answers that gave one, 1 to 5; null when none did. */
  averageQuality: z.number().nullable(),
});
export type NightSleepFigures = z.infer<typeof nightSleepFiguresSchema>;
