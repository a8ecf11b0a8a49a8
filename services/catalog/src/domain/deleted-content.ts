import { DELETED_LIST_LIMIT, type DeletedEntry, type Restored } from '@sleep-ritual/contracts/admin';
import { ConflictError, NotFoundError } from '@sleep-ritual/platform/errors';
import type { ServiceDeps } from '@sleep-ritual/platform/http/service-app';
import { moveToEndIfTaken, type Level } from '../data/admin-tree.ts';
import { listDeletions, lockDeleted, restoreSubtree, type DeletedRow } from '../data/deleted-content.ts';

type Deps = Pick<ServiceDeps, 'db'>;

/**
 * What must come back first: the nearest ancestor that is deleted, or rather the one its deletion is
 * listed under (an ancestor deleted with it stands for it), so the list names an entry it shows.
 */
function blockedBy({ ancestors }: DeletedRow): Level | null {
  let blocker = ancestors.findLast((ancestor) => ancestor.deletedAt !== null);
  // Up through the ancestors deleted at the same moment, to the one the deletion is listed under.
  for (const ancestor of ancestors.slice(0, blocker ? ancestors.indexOf(blocker) : 0).reverse()) {
    if (ancestor.deletedAt?.getTime() !== blocker?.deletedAt?.getTime()) break;
    blocker = ancestor;
  }
  return blocker?.level ?? null;
}

/** The deletions an admin can undo, newest first, each with where it was and what holds it back. */
export async function listDeleted({ db }: Deps): Promise<DeletedEntry[]> {
  const rows = await listDeletions(db, DELETED_LIST_LIMIT);
  return rows.map((row) => ({
    level: row.level,
    id: row.id,
    title: row.title,
    label: row.label,
    deletedAt: row.deletedAt.toISOString(),
    within: row.ancestors.map(({ level, id, title }) => ({ level, id, title })),
    blockedBy: blockedBy(row),
  }));
}

/**
 * Undoes a deletion: the row and what was deleted with it are live again, where they were (the row at
 * the end of its list if a live sibling took its place meanwhile), with the locks and order they had.
 * Under a parent that is deleted too it would stay hidden, so that is a 409.
 */
export async function restoreDeleted({ db }: Deps, level: Level, id: number): Promise<Restored> {
  return db.transaction(async (trx) => {
    const row = await lockDeleted(trx, level, id);
    if (!row) throw new NotFoundError(`Deleted ${level} not found`);
    const blocker = blockedBy(row);
    if (blocker) throw new ConflictError(`Restore its ${blocker} first: it is deleted too.`);
    const rows = await restoreSubtree(trx, row);
    if (rows === 0) throw new NotFoundError(`Deleted ${level} not found`);
    await moveToEndIfTaken(trx, level, id);
    return { success: true, level, id, title: row.title, rows };
  });
}
