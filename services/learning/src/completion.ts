import { COMPLETION_PERCENT, type CompletionReason } from '@sleep-ritual/contracts/progress';

/**
 * When a class counts as completed, and why. A night counts when it was played to its end, or
 * COMPLETION_PERCENT of it was (`finished`); or when listen mode's sleep timer ended it (`asleep`: the
 * learner fell asleep to it, which is the point); or when the learner marked it by hand (`marked`).
 * Video classes have no sleep timer, so only the first and the last apply to them, as the spec says.
 * The progress service decides it per event in TypeScript and again when a merged row moves further, in
 * SQL; both forms are written here, next to each other, from the one threshold.
 */

export { COMPLETION_PERCENT };

type Watch = { ended: boolean; percentWatched: number };

export function completesClass(watch: Watch): boolean {
  return watch.ended || watch.percentWatched >= COMPLETION_PERCENT;
}

/** The same rule inside a query: each argument a boolean or integer SQL expression. */
export function completesClassSql(watch: { ended: string; percentWatched: string }): string {
  return `(${watch.ended} or ${watch.percentWatched} >= ${COMPLETION_PERCENT})`;
}

/**
 * Why a class counts as completed after a watch (and, with `by`, a completion the learner or the sleep
 * timer asked for): a watch that finished it says `finished` whatever else was asked; null when it does
 * not count.
 * @internal The queries use `completionReasonSql`; this half states the rule plainly, and tests hold the two equal.
 */
export function completionReason(
  watch: Watch,
  by?: Exclude<CompletionReason, 'finished'>,
): CompletionReason | null {
  if (completesClass(watch)) return 'finished';
  return by ?? null;
}

/** The same inside a query: `by` a text SQL expression (or null), the reason asked for. */
export function completionReasonSql(watch: { ended: string; percentWatched: string }, by = 'null'): string {
  return `(case when ${completesClassSql(watch)} then 'finished' else ${by} end)`;
}
