import { z } from 'zod';

/** Answers of the learner catalogue calls (spec 000 §3 and §7), for the members app to parse. */

/**
 * Why a learner call is refused: 404 (unknown, deleted or inactive), 403 (not owned, locked, or not
 * open yet: a class that opens some days after the purchase, whose `opensAt` the path lists show).
 */
export const learnerAccessMessages = {
  notFound: (kind: 'program' | 'path' | 'class') => `The requested ${kind} could not be found.`,
  notOwned: "You don't have access to this program.",
  locked: 'This class is not unlocked yet.',
  notYetOpen: 'This class opens on a later night.',
  accessEnded: 'Your access to this program has ended.',
} as const;

/**
 * When something that opens some days after the purchase (drip) opens for this learner: an ISO
 * instant, set only while it is unlocked but its day has not come; null when it is open or locked by
 * hand. The screens say "Opens tomorrow" or "Opens on <date>" in the learner's time zone.
 */
const opensAt = z.string().nullable();

const text = z.string().nullable();

/** GET /api/programs: every active programme, in order, with whether the learner owns it. */
export const programCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: text,
  cardImageUrl: text,
  format: text,
  programCardFinePrint: text,
  redirectUrl: text,
  programType: z.enum(['Full Program', 'Add On']),
  isOwned: z.boolean(),
});
export type ProgramCard = z.infer<typeof programCardSchema>;
export const programListSchema = z.array(programCardSchema);

/** GET /api/my-programs: the programmes the learner owns (same card shape, isOwned always true). */
export const myProgramsSchema = z.array(programCardSchema);

/** The learner's watch progress of one class, or null before the first event. */
export const classProgressSchema = z
  .object({
    maxPositionSec: z.number().int(),
    durationSeconds: z.number().int().nullable(),
    percentWatched: z.number().int(),
    completed: z.boolean(),
  })
  .nullable();
export type ClassProgress = z.infer<typeof classProgressSchema>;

export const hierarchyPathSchema = z.object({
  id: z.number().int(),
  label: text,
  title: z.string(),
  description: text,
  cardImageUrl: text,
  /** False when the path or its phase is locked, or the path opens later (see opensAt). */
  isUnlocked: z.boolean(),
  opensAt,
  classCount: z.number().int(),
  completedCount: z.number().int(),
});

export const hierarchyPhaseSchema = z.object({
  id: z.number().int(),
  label: text,
  title: z.string(),
  description: text,
  isUnlocked: z.boolean(),
  paths: z.array(hierarchyPathSchema),
});

/** GET /api/programs/{programId}/hierarchy */
export const programHierarchySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: text,
  coverArtUrl: text,
  phases: z.array(hierarchyPhaseSchema),
});
export type ProgramHierarchy = z.infer<typeof programHierarchySchema>;

/** GET /api/programs/{programId}/navigation-check: pathId names the only path when skipping. */
export const navigationCheckSchema = z.object({
  shouldSkipToPath: z.boolean(),
  pathId: z.number().int().nullable(),
});
export type NavigationCheck = z.infer<typeof navigationCheckSchema>;

export const pathClassSchema = z.object({
  id: z.number().int(),
  label: text,
  title: z.string(),
  description: text,
  durationMinutes: z.number().int().nullable(),
  /** False when the class, its path or its phase is locked, or the class opens later (see opensAt). */
  isUnlocked: z.boolean(),
  opensAt,
  /** It has a track that can be saved for offline (see isSavableTrack). */
  savableOffline: z.boolean(),
  progress: classProgressSchema,
});
export type PathClass = z.infer<typeof pathClassSchema>;

/** GET /api/paths/{pathId}/classes (the members app shows at most the first 10). */
export const pathClassListSchema = z.array(pathClassSchema);

/** GET /api/paths/{pathId}/details */
export const pathDetailsSchema = z.object({
  id: z.number().int(),
  label: text,
  title: z.string(),
  description: text,
  coverArtUrl: text,
  isUnlocked: z.boolean(),
  programId: z.number().int(),
  phase: z.object({ id: z.number().int(), title: z.string() }),
  classes: z.array(pathClassSchema),
  /** The class to listen to next on this path (see nextClassId in learner-journey), null when none is open. */
  nextClassId: z.number().int().nullable(),
});
export type PathDetails = z.infer<typeof pathDetailsSchema>;

/** A quiet stretch of an audio track, [start, end] in seconds: where a sleep timer may pause without cutting a word. */
export const quietSpanSchema = z.tuple([z.number().nonnegative(), z.number().nonnegative()]);
export type QuietSpan = z.infer<typeof quietSpanSchema>;

/**
 * GET /api/classes/{classId}/details: vimeoVideoId is the stored URL, vimeoId the id to play; audioUrl
 * the audio track of listen mode (an https address or a `/media/...` path), null when there is none.
 */
export const classDetailsSchema = z.object({
  id: z.number().int(),
  label: text,
  title: z.string(),
  description: text,
  /** The class's cover image; the class page shows it in the video's place when there is no video. */
  coverArtUrl: text,
  vimeoVideoId: text,
  vimeoId: z.number().int().nullable(),
  audioUrl: text,
  /**
   * The track's quiet stretches, in order, found when it was uploaded (PCM WAV only) or seeded; empty
   * when none are known. Listen mode's timer pauses in one where it cannot fade (iOS).
   */
  audioQuietSpans: z.array(quietSpanSchema),
  /** The class's WebVTT transcript (listen mode's transcript panel and captions track), null when none. */
  transcriptUrl: text,
  /** The class's picture for listen mode and the lock screen: its cover art, else its path's card image. */
  artworkUrl: text,
  additionalContentUrl: text,
  additionalContentButtonLabel: text,
  durationMinutes: z.number().int().nullable(),
  programId: z.number().int(),
  pathId: z.number().int(),
  phase: z.object({ id: z.number().int(), title: z.string() }),
  path: z.object({ id: z.number().int(), title: z.string() }),
  progress: classProgressSchema,
});
export type ClassDetails = z.infer<typeof classDetailsSchema>;

/**
 * GET /api/my-programs/tonight: for each owned programme with a class open to the learner, the class to
 * listen to tonight: the one in progress, else the first not completed in programme order; when that
 * one opens later, it with its `opensAt` (it cannot be played yet) and the nights already open to hear
 * again; else the first again (`repeat`). `completedCount` of `classCount` is the learner's
 * progress on that class's path.
 */
export const tonightSchema = z.object({
  programId: z.number().int(),
  pathId: z.number().int(),
  classId: z.number().int(),
  label: text,
  title: z.string(),
  durationMinutes: z.number().int().nullable(),
  inProgress: z.boolean(),
  repeat: z.boolean(),
  /** Set when the class named opens later (drip): nothing new can be played tonight until then. */
  opensAt,
  /**
   * While the class named waits (opensAt set): the classes of its path already open, in order, to listen
   * to again meanwhile; empty otherwise.
   */
  listenAgain: z.array(z.object({ classId: z.number().int(), label: text, title: z.string() })),
  completedCount: z.number().int(),
  classCount: z.number().int(),
});
export type Tonight = z.infer<typeof tonightSchema>;
export const tonightListSchema = z.array(tonightSchema);
