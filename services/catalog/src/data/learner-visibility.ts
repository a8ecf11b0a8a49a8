import { ownsProgramSql } from '@sleep-ritual/learning/purchase-access';

/**
 * SQL fragments shared by the learner queries. What is visible and who owns what is decided in
 * `@sleep-ritual/learning/purchase-access` (soft deletes, active programmes, purchases that give
 * access); this file adds the learner's progress columns.
 *
 * Every learner query is named (`.options({ name })`), so PostgreSQL prepares it once per connection:
 * planning these joins costs several times more than running them.
 */

/** Whether the learner (one `?` binding: the user id) owns programme `pr`. */
export const OWNS_PROGRAM = ownsProgramSql('?');

/** The learner's progress columns of class `c` (one `?` binding: the user id, in the join). */
export const PROGRESS_COLUMNS = `up."maxPositionSec", up."durationSeconds", up."percentWatched", up.completed`;
export const joinProgress = (userId: string) =>
  `left join user_progress up on up."classId" = c.id and up."userId" = ${userId}`;
export const JOIN_PROGRESS = joinProgress('?');

export type ProgressColumns = {
  maxPositionSec: number | null;
  durationSeconds: number | null;
  percentWatched: number | null;
  completed: boolean | null;
};
