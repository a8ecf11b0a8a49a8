import type { CounterStore, CounterWindow } from './counter-store.ts';

/**
 * The real counter store, whose counts wait, in the order they come, until `release` lets them through:
 * a test holds requests mid-way to show what a limit does with tries still being counted. `holds` picks
 * the counts that wait (every one by default); the others go straight through.
 */
export function heldCounters(store: CounterStore, holds: (windows: CounterWindow[]) => boolean = () => true) {
  const waiting: (() => void)[] = [];
  let arrived = 0;
  const counters: CounterStore = {
    ...store,
    async take(windows) {
      if (!holds(windows)) return store.take(windows);
      arrived += 1;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return store.take(windows);
    },
  };
  return {
    counters,
    arrived: () => arrived,
    release: (count: number) => waiting.splice(0, count).forEach((resolve) => resolve()),
  };
}
