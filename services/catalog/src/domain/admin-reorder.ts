import type { OrderUpdate } from '@sleep-ritual/contracts/admin';
import { BadRequestError, ConflictError } from '@sleep-ritual/platform/errors';
import type { Knex } from '@sleep-ritual/platform/db';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import {
  LEVELS,
  isDeleted,
  listLive,
  lockLive,
  lockLiveChildren,
  storePositions,
  type ChildLevel,
  type Level,
  type RowOf,
} from '../data/admin-tree.ts';
import { capitalised, getLive } from './admin-content.ts';

type Deps = Pick<ServiceDeps, 'db'>;

/**
 * Applies a whole new order in one transaction. The list (already free of repeated ids and positions)
 * must name live rows only, and for phases, paths and classes exactly the live children of one parent,
 * rather than leave two rows on one position. A list shown before a row was deleted or added elsewhere
 * is a 409 (the screen reads the list again, and the admin saves the order once more); an id that was
 * never one of these rows, or one from elsewhere, a 400. The positions are stored as sent (§9 bases are
 * the client's).
 */
export async function reorderPrograms({ db }: Deps, updates: OrderUpdate[]): Promise<RowOf<'program'>[]> {
  await db.transaction(async (trx) => {
    const found = new Set((await lockLive(trx, 'program', ids(updates))).map((row) => row.id));
    const unknown = updates.find((update) => !found.has(update.id));
    if (unknown) throw await refusal(trx, 'program', unknown.id);
    await storePositions(trx, 'program', updates);
  });
  return listLive(db, 'program');
}

/** The phases reorder names no programme in its address: the phases themselves must share one. */
export async function reorderPhases({ db }: Deps, updates: OrderUpdate[]): Promise<RowOf<'phase'>[]> {
  const programId = await db.transaction(async (trx) => {
    const rows = await lockLive(trx, 'phase', ids(updates));
    const unknown = updates.find((update) => !rows.some((row) => row.id === update.id));
    if (unknown) throw await refusal(trx, 'phase', unknown.id);
    const programIds = new Set(rows.map((row) => row.parentId));
    if (programIds.size > 1)
      throw new BadRequestError('All phases in one new order must belong to the same program');
    const [parentId] = [...programIds];
    // A phase always has a programme; only an empty list (which the schema refuses) has none.
    if (parentId === undefined || parentId === null) throw new BadRequestError('The new order is empty');
    await applySiblingOrder(trx, 'phase', parentId, updates);
    return parentId;
  });
  return listLive(db, 'phase', programId);
}

/** Paths of a phase, classes of a path: the parent comes from the address. */
export async function reorderChildren<L extends 'path' | 'class'>(
  { db }: Deps,
  level: L,
  parentId: number,
  updates: OrderUpdate[],
): Promise<RowOf<L>[]> {
  await db.transaction(async (trx) => {
    await getLive({ db: trx }, LEVELS[level].parent.level, parentId);
    await applySiblingOrder(trx, level, parentId, updates);
  });
  return listLive(db, level, parentId);
}

async function applySiblingOrder(
  trx: Knex.Transaction,
  level: ChildLevel,
  parentId: number,
  updates: OrderUpdate[],
) {
  const siblings = new Set(await lockLiveChildren(trx, level, parentId));
  const parentNoun = LEVELS[level].parent.level;
  const foreign = updates.find((update) => !siblings.has(update.id));
  if (foreign) {
    if (await isDeleted(trx, level, foreign.id)) throw listChanged(level);
    throw new BadRequestError(`${capitalised(level)} ${foreign.id} does not belong to this ${parentNoun}`);
  }
  // A sibling added since the list was shown.
  if (siblings.size !== updates.length) throw listChanged(level);
  await storePositions(trx, level, updates);
}

const ids = (updates: OrderUpdate[]) => updates.map((update) => update.id);

/** 409: the list was shown before a row of it was deleted, or a row added to it, elsewhere. */
export const listChanged = (level: Level) =>
  new ConflictError(
    `The ${level === 'class' ? 'classes' : `${level}s`} changed since this list was shown (one was added or deleted elsewhere). The list has been read again: save the new order once more.`,
  );

/** An id of the list that is not a live row: deleted since the list was shown, or never one. */
async function refusal(trx: Knex.Transaction, level: Level, id: number) {
  if (await isDeleted(trx, level, id)) return listChanged(level);
  return new BadRequestError(`${capitalised(level)} ${id} does not exist`);
}
