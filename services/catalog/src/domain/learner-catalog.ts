import {
  learnerAccessMessages,
  type ClassDetails,
  type NavigationCheck,
  type PathClass,
  type PathDetails,
  type ProgramCard,
  type ProgramHierarchy,
} from '@sleep-ritual/contracts/catalog';
import { extractVimeoId } from '@sleep-ritual/contracts/vimeo';
import { isoOrNull } from '@sleep-ritual/platform/dates';
import type { Knex } from '@sleep-ritual/platform/db';
import { ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';
import { classIdsPlaying, findClasses, type ClassFinder } from '../data/learner-classes.ts';
import { firstPhasePaths, listPhasesWithPaths } from '../data/learner-hierarchy.ts';
import { findPath, listPathClasses } from '../data/learner-paths.ts';
import { findProgram, listProgramCards } from '../data/learner-programs.ts';
import { nextClass } from '@sleep-ritual/learning/learner-journey';
import { isOpen } from '@sleep-ritual/learning/purchase-access';
import { toClassProgress, toPathClass } from './learner-serializers.ts';

type Deps = { db: Knex };
type ClassDeps = { findClass: ClassFinder };

/** Where a class's transcript is served, to those who may open the class. */
const transcriptUrl = (classId: number) => `/api/classes/${classId}/transcript`;

/** An admin's preview owns every programme: every card is opened as an owner's. */
const ownedByPreview = (cards: ProgramCard[]) => cards.map((card) => ({ ...card, isOwned: true }));

export async function listPrograms({ db }: Deps, userId: number, preview = false): Promise<ProgramCard[]> {
  const cards = await listProgramCards(db, userId);
  return preview ? ownedByPreview(cards) : cards;
}

export async function listMyPrograms({ db }: Deps, userId: number, preview = false): Promise<ProgramCard[]> {
  if (preview) return ownedByPreview(await listProgramCards(db, userId));
  return listProgramCards(db, userId, { ownedOnly: true });
}

export async function getProgramHierarchy(
  { db }: Deps,
  userId: number,
  programId: number,
  preview = false,
): Promise<ProgramHierarchy> {
  const program = requireOwned(await findProgram(db, programId, userId), 'program', preview);
  const rows = await listPhasesWithPaths(db, programId, userId);
  const phases: ProgramHierarchy['phases'] = [];
  for (const row of rows) {
    let phase = phases.at(-1);
    if (phase?.id !== row.phaseId) {
      phase = {
        id: row.phaseId,
        label: row.phaseLabel,
        title: row.phaseTitle,
        description: row.phaseDescription,
        isUnlocked: row.phaseUnlocked,
        paths: [],
      };
      phases.push(phase);
    }
    if (row.pathId === null) continue;
    phase.paths.push({
      id: row.pathId,
      label: row.pathLabel,
      title: row.pathTitle ?? '',
      description: row.pathDescription,
      cardImageUrl: row.pathCardImageUrl,
      isUnlocked: isOpen({ isUnlocked: row.pathUnlocked === true, opensAt: row.pathOpensAt }),
      opensAt: isoOrNull(row.pathOpensAt),
      classCount: row.classCount,
      completedCount: row.completedCount,
    });
  }
  return {
    id: program.id,
    title: program.title,
    description: program.description,
    coverArtUrl: program.coverArtUrl,
    phases,
  };
}

/** Skip straight to the path when the programme has exactly one visible phase with exactly one path. */
export async function checkNavigation(
  { db }: Deps,
  userId: number,
  programId: number,
  preview = false,
): Promise<NavigationCheck> {
  requireOwned(await findProgram(db, programId, userId), 'program', preview);
  const pairs = await firstPhasePaths(db, programId);
  const only = pairs.length === 1 ? pairs[0] : undefined;
  return only?.pathId
    ? { shouldSkipToPath: true, pathId: only.pathId }
    : { shouldSkipToPath: false, pathId: null };
}

export async function getPathClasses(
  { db }: Deps,
  userId: number,
  pathId: number,
  preview = false,
): Promise<PathClass[]> {
  const path = requireOwned(await findPath(db, pathId, userId), 'path', preview);
  const rows = await listPathClasses(db, pathId, userId);
  return rows.map((row) => toPathClass(row, path.isUnlocked));
}

export async function getPathDetails(
  { db }: Deps,
  userId: number,
  pathId: number,
  preview = false,
): Promise<PathDetails> {
  const path = requireOwned(await findPath(db, pathId, userId), 'path', preview);
  const rows = await listPathClasses(db, pathId, userId);
  const classes = rows.map((row) => toPathClass(row, path.isUnlocked));
  return {
    id: path.id,
    label: path.label,
    title: path.title,
    description: path.description,
    coverArtUrl: path.coverArtUrl,
    isUnlocked: isOpen(path),
    programId: path.programId,
    phase: { id: path.phaseId, title: path.phaseTitle },
    classes,
    nextClassId: openNext(classes),
  };
}

export async function getClassDetails(
  { findClass }: ClassDeps,
  userId: number,
  classId: number,
  preview = false,
): Promise<ClassDetails> {
  const found = await findClass(classId, userId);
  if (found?.accessEnded && !preview) throw new ForbiddenError(learnerAccessMessages.accessEnded);
  const row = requireOpen(requireOwned(found, 'class', preview), preview);
  return {
    id: row.id,
    label: row.label,
    title: row.title,
    description: row.description,
    coverArtUrl: row.coverArtUrl,
    vimeoVideoId: row.vimeoVideoId,
    vimeoId: extractVimeoId(row.vimeoVideoId),
    audioUrl: row.audioUrl,
    audioQuietSpans: row.audioUrl ? (row.audioQuietSpans ?? []) : [],
    transcriptUrl: row.hasTranscript ? transcriptUrl(row.id) : null,
    artworkUrl: row.artworkUrl,
    additionalContentUrl: row.additionalContentUrl,
    additionalContentButtonLabel: row.additionalContentButtonLabel,
    durationMinutes: row.durationMinutes,
    programId: row.programId,
    pathId: row.pathId,
    phase: { id: row.phaseId, title: row.phaseTitle },
    path: { id: row.pathId, title: row.pathTitle },
    progress: toClassProgress(row),
  };
}

/**
 * Whether the learner may listen to the media store's file at `mediaPath` (`/media/…`): it is the
 * audio of a class they may open, by the same rule as the class page (owned, not refunded or revoked,
 * opened by the drip, not locked). A file no visible class plays belongs to nobody yet.
 */
export async function mayPlayAudio({ db }: Deps, userId: number, mediaPath: string): Promise<boolean> {
  const classIds = await classIdsPlaying(db, mediaPath);
  if (classIds.length === 0) return false;
  const rows = await findClasses(
    db,
    classIds.map((classId) => ({ classId, userId })),
  );
  return rows.some((row) => row && row.isOwned && isOpen(row));
}

/** The path's class to listen to next, if it can be played now (not one that opens later). */
function openNext(classes: PathClass[]): number | null {
  const next = nextClass(classes);
  return next && !next.upcoming ? next.item.id : null;
}

/**
 * A row the learner may see: it must exist (visible: not deleted, in an active programme) and belong to
 * a programme the learner owns. Unknown comes before not owned, so 404 and 403 are told apart. An
 * admin's preview owns every programme.
 */
function requireOwned<T extends { isOwned: boolean }>(
  row: T | undefined,
  kind: 'program' | 'path' | 'class',
  preview = false,
): T {
  if (!row) throw new NotFoundError(learnerAccessMessages.notFound(kind));
  if (!row.isOwned && !preview) throw new ForbiddenError(learnerAccessMessages.notOwned);
  return row;
}

/**
 * A locked class (or one in a locked path or phase) is listed, but its content is refused; so is one
 * that opens on a later day for this learner (drip). An admin's preview opens both (a duplicate
 * starts locked, and is checked before it is unlocked).
 */
function requireOpen<T extends { isUnlocked: boolean; opensAt: Date | null }>(row: T, preview = false): T {
  if (preview) return row;
  if (!row.isUnlocked) throw new ForbiddenError(learnerAccessMessages.locked);
  if (row.opensAt) throw new ForbiddenError(learnerAccessMessages.notYetOpen);
  return row;
}
