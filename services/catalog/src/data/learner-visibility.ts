/**
 * SQL fragments shared by the learner queries. A row is visible to learners only when neither it nor
 * any ancestor is soft-deleted and its programme is active; ownership is a purchase that is completed
 * (a refund turns the status to 'refunded', which no longer counts).
 *
 * Every learner query is named (`.options({ name })`), so PostgreSQL prepares it once per connection:
 * planning these joins costs several times more than running them.
 */

/** Joins a path `pa` to its visible phase `ph` and programme `pr`. */
export const VISIBLE_PATH_ANCESTORS = `
  join phases ph on ph.id = pa."phaseId" and ph."deletedAt" is null
  join programs pr on pr.id = ph."programId" and pr."deletedAt" is null and pr."isActive"`;

/** Whether the learner `userId` (SQL: a column or a `?` binding) owns programme `pr`. */
export const ownsProgram = (userId: string) => `exists (
  select 1 from purchases pu
  where pu."userId" = ${userId} and pu."programId" = pr.id and pu.status = 'completed'
)`;
/** Whether the learner (one `?` binding: the user id) owns programme `pr`. */
export const OWNS_PROGRAM = ownsProgram('?');

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
