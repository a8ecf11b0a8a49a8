import type { OrderUpdate } from '@sleep-ritual/contracts/admin';
import { BadRequestError } from '@sleep-ritual/platform/errors';
import type { Knex } from '@sleep-ritual/platform/db';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import {
  LEVELS,
  listLive,
  lockLive,
  lockLiveChildren,
  storePositions,
  type ChildLevel,
  type RowOf,
} from '../data/admin-tree.ts';
import { capitalised, getLive } from './admin-content.ts';

type Deps = Pick<ServiceDeps, 'db'>;

/**
 * Applies a whole new order in one transaction. The list (already free of repeated ids and positions)
 * must name live rows only, and for phases, paths and classes exactly the live children of one parent:
 * an id from elsewhere, or a list that misses a sibling added meanwhile, is refused with a 400 rather
 * than leaving two rows on one position. The positions are stored as sent (§9 bases are the client's).
 */
export async function reorderPrograms({ db }: Deps, updates: OrderUpdate[]): Promise<RowOf<'program'>[]> {
  await db.transaction(async (trx) => {
    const found = new Set((await lockLive(trx, 'program', ids(updates))).map((row) => row.id));
    const unknown = updates.find((update) => !found.has(update.id));
    if (unknown) throw new BadRequestError(`Program ${unknown.id} does not exist`);
    await storePositions(trx, 'program', updates);
  });
  return listLive(db, 'program');
}

/** The phases reorder names no programme in its address: the phases themselves must share one. */
export async function reorderPhases({ db }: Deps, updates: OrderUpdate[]): Promise<RowOf<'phase'>[]> {
  const programId = await db.transaction(async (trx) => {
    const rows = await lockLive(trx, 'phase', ids(updates));
    const unknown = updates.find((update) => !rows.some((row) => row.id === update.id));
    if (unknown) throw new BadRequestError(`Phase ${unknown.id} does not exist`);
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
    throw new BadRequestError(`${capitalised(level)} ${foreign.id} does not belong to this ${parentNoun}`);
  }
  if (siblings.size !== updates.length) {
    throw new BadRequestError(
      `The new order must list every ${level} of this ${parentNoun}; reload the page and try again`,
    );
  }
  await storePositions(trx, level, updates);
}

const ids = (updates: OrderUpdate[]) => updates.map((update) => update.id);
