import { COMPLETION_PERCENT } from '@sleep-ritual/contracts/progress';

/**
 * When a class counts as completed: the watch ended, or COMPLETION_PERCENT of it was watched. The
 * progress service decides it per event in TypeScript and again when a merged row moves further, in
 * SQL; both forms are written here, next to each other, from the one threshold.
 */

export { COMPLETION_PERCENT };

export function completesClass(watch: { ended: boolean; percentWatched: number }): boolean {
  return watch.ended || watch.percentWatched >= COMPLETION_PERCENT;
}

/** The same rule inside a query: each argument a boolean or integer SQL expression. */
export function completesClassSql(watch: { ended: string; percentWatched: string }): string {
  return `(${watch.ended} or ${watch.percentWatched} >= ${COMPLETION_PERCENT})`;
}
