import {
  changedSinceOpened,
  TITLE_MAX_LENGTH,
  type AdminClass,
  type AdminPathDetails,
} from '@sleep-ritual/contracts/admin';
import { BadRequestError, ConflictError, NotFoundError } from '@sleep-ritual/platform/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import {
  LEVELS,
  findLive,
  insertCopy,
  insertRow,
  listLive,
  lockLiveChildren,
  nextChildPosition,
  nextProgramPosition,
  softDeleteSubtree,
  updateLive,
  type ChildLevel,
  type Level,
  type RowOf,
} from '../data/admin-tree.ts';
import { quietSpansOfStoredAudio } from '../data/media-files.ts';
import { copyTranscript } from '../data/class-transcripts.ts';

type Deps = Pick<ServiceDeps, 'db'>;

/** A level's name starts a sentence: "Phase not found". */
export const capitalised = (level: Level) => level.charAt(0).toUpperCase() + level.slice(1);

export function notFound(level: Level): NotFoundError {
  return new NotFoundError(`${capitalised(level)} not found`);
}

/** A live row (it and its ancestors not deleted), or a 404 naming what was not found. */
export async function getLive<L extends Level>({ db }: Deps, level: L, id: number): Promise<RowOf<L>> {
  const row = await findLive(db, level, id);
  if (!row) throw notFound(level);
  return row;
}

/** Without a display order, a new programme goes to the end of the list. */
export async function createProgram({ db }: Deps, fields: Record<string, unknown> & { orderIndex?: number }) {
  return insertRow(db, 'program', {
    ...fields,
    orderIndex: fields.orderIndex ?? (await nextProgramPosition(db)),
  });
}

/**
 * Creates a phase, path or class under a live parent, at the end of its list unless an order is given. A parent id repeated in the body (the spec's
 * phase body carries programId) must be the one in the address.
 */
export async function createUnder<L extends ChildLevel>(
  deps: Deps,
  level: L,
  parentId: number,
  fields: Record<string, unknown>,
): Promise<RowOf<L>> {
  const { parent } = LEVELS[level];
  await getLive(deps, parent.level, parentId);
  const named = fields[parent.column];
  if (named !== undefined && named !== parentId) {
    throw new BadRequestError(`${parent.column} does not match the ${parent.level} in the address`);
  }
  // Without a display order the new row goes to the end of its list ("Night 7" after Night 6).
  const orderIndex = fields.orderIndex ?? (await nextChildPosition(deps.db, level, parentId));
  return insertRow(deps.db, level, {
    ...fields,
    orderIndex,
    ...(await audioFacts(deps, level, fields)),
    [parent.column]: parentId,
  });
}

/**
 * Changes the given fields of a live row; fields left undefined keep their value. With the `updatedAt`
 * the form read, a row changed since is left as it is: 409, rather than overwrite that change.
 */
export async function updateRow<L extends Level>(
  deps: Deps,
  level: L,
  id: number,
  { updatedAt: seenVersion, ...fields }: Record<string, unknown>,
): Promise<RowOf<L>> {
  const current = await getLive(deps, level, id);
  // The same track keeps the quiet spans known for it (the demo tracks' come from the seed, not an upload).
  const sameTrack = 'audioUrl' in current && current.audioUrl === fields.audioUrl;
  const facts = sameTrack ? {} : await audioFacts(deps, level, fields);
  const version = typeof seenVersion === 'string' ? seenVersion : undefined;
  const row = await updateLive(deps.db, level, id, { ...fields, ...facts }, version);
  if (row) return row;
  if (version !== undefined && (await findLive(deps.db, level, id)))
    throw new ConflictError(changedSinceOpened(level));
  throw notFound(level);
}

/**
 * A class keeps the quiet spans of its track (found at upload, see storeAudio), so its details can
 * serve them: set whenever its audio link is, null for a track we did not analyse.
 */
async function audioFacts({ db }: Deps, level: Level, fields: Record<string, unknown>) {
  if (level !== 'class' || !('audioUrl' in fields) || fields.audioUrl === undefined) return {};
  const audioUrl = typeof fields.audioUrl === 'string' ? fields.audioUrl : null;
  const spans = await quietSpansOfStoredAudio(db, audioUrl);
  return { audioQuietSpans: spans ? JSON.stringify(spans) : null };
}

const COPY_SUFFIX = ' (copy)';

/**
 * "Duplicate" on a class card: a copy titled "… (copy)" (the original's title shortened to fit), locked,
 * after the last class of its path, with everything else of the original (its media included).
 */
export async function duplicateClass({ db }: Deps, id: number): Promise<AdminClass> {
  return db.transaction(async (trx) => {
    const original = await getLive({ db: trx }, 'class', id);
    // Locking the path's classes keeps two duplicates from taking the same place.
    await lockLiveChildren(trx, 'class', original.pathId);
    const title = `${original.title.slice(0, TITLE_MAX_LENGTH - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const copy = await insertCopy(trx, 'class', id, {
      title,
      isUnlocked: false,
      orderIndex: await nextChildPosition(trx, 'class', original.pathId),
    });
    await copyTranscript(trx, id, copy.id);
    return copy;
  });
}

/** Soft delete: the row and everything under it are hidden from learners and admin lists, and kept. */
export async function softDelete({ db }: Deps, level: Level, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await getLive({ db: trx }, level, id);
    await softDeleteSubtree(trx, level, id);
  });
}

/** The path of a nested address, which must really hang under that phase and programme. */
export async function getPathInTree(deps: Deps, programId: number, phaseId: number, pathId: number) {
  const path = await getLive(deps, 'path', pathId);
  const phase = await getLive(deps, 'phase', path.phaseId);
  if (path.phaseId !== phaseId || phase.programId !== programId) throw notFound('path');
  return path;
}

/** A path with the ids and titles of its phase and programme, for breadcrumbs. */
export async function getPathDetails(deps: Deps, pathId: number): Promise<AdminPathDetails> {
  const path = await getLive(deps, 'path', pathId);
  const phase = await getLive(deps, 'phase', path.phaseId);
  const program = await getLive(deps, 'program', phase.programId);
  return {
    path,
    phase: { id: phase.id, title: phase.title },
    program: { id: program.id, title: program.title },
  };
}

/** Every live programme, in display order. */
export async function listPrograms({ db }: Deps) {
  return listLive(db, 'program');
}

/** The live children of a live parent, in display order; a 404 when the parent is gone. */
export async function listUnder<L extends ChildLevel>(deps: Deps, level: L, parentId: number) {
  await getLive(deps, LEVELS[level].parent.level, parentId);
  return listLive(deps.db, level, parentId);
}
