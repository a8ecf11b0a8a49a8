import { learnerAccessMessages } from '@sleep-ritual/contracts/catalog';
import { ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';

/**
 * A row the learner may see: it must exist (visible: not deleted, in an active programme) and belong to
 * a programme the learner owns. Unknown comes before not owned, so 404 and 403 are told apart. An
 * admin's preview owns every programme.
 */
export function requireOwned<T extends { isOwned: boolean }>(
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
export function requireOpen<T extends { isUnlocked: boolean; opensAt: Date | null }>(
  row: T,
  preview = false,
): T {
  if (preview) return row;
  if (!row.isUnlocked) throw new ForbiddenError(learnerAccessMessages.locked);
  if (row.opensAt) throw new ForbiddenError(learnerAccessMessages.notYetOpen);
  return row;
}
