import { ForbiddenError, NotFoundError } from '@sleep-ritual/platform/errors';

type Kind = 'program' | 'path' | 'class';

/**
 * A row the learner may see: it must exist (visible: not deleted, in an active programme) and belong to
 * a programme the learner owns. Unknown comes before not owned, so 404 and 403 are told apart.
 */
export function requireOwned<T extends { isOwned: boolean }>(row: T | undefined, kind: Kind): T {
  if (!row) throw new NotFoundError(`The requested ${kind} could not be found.`);
  if (!row.isOwned) throw new ForbiddenError("You don't have access to this program.");
  return row;
}

/** A locked class (or one in a locked path or phase) is listed, but its content is refused. */
export function requireUnlocked<T extends { isUnlocked: boolean }>(row: T): T {
  if (!row.isUnlocked) throw new ForbiddenError('This class is not unlocked yet.');
  return row;
}
