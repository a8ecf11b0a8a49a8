import type { CounterStore } from './counter-store.ts';
import { TooManyRequestsError } from './errors.ts';

export type RateLimit = {
  /** Counts one hit for the key; throws 429 with the message once the limit is passed. */
  hit(key: string): Promise<void>;
  /** Throws 429 if the key is already at its limit, without counting. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

const counterKey = (name: string, key: string) => `rate:${name}:${key.toLowerCase()}`;

/**
 * A fixed-window counter in the shared store (Redis, or PostgreSQL without Redis), so a limit holds
 * across every process of a service. Keys are namespaced by `name`; the window starts with the first
 * hit, and a refused hit does not count.
 */
export function rateLimit(
  counters: CounterStore,
  options: { name: string; limit: number; windowSeconds: number; message: string },
): RateLimit {
  const refuse = (retryAfterSeconds: number): never => {
    throw new TooManyRequestsError(options.message, retryAfterSeconds || options.windowSeconds);
  };
  return {
    async hit(key) {
      const { full, retryAfterSeconds } = await counters.take([
        { key: counterKey(options.name, key), limit: options.limit, windowSeconds: options.windowSeconds },
      ]);
      if (full > 0) refuse(retryAfterSeconds);
    },
    async check(key) {
      const { count, retryAfterSeconds } = await counters.peek(counterKey(options.name, key));
      if (count >= options.limit) refuse(retryAfterSeconds);
    },
    async reset(key) {
      await counters.clear(counterKey(options.name, key));
    },
  };
}

export type AttemptBudget = { name: string; limit: number; windowSeconds: number; message: string };

/**
 * Several attempt budgets taken together, before the attempt is made: `take` counts the attempt in
 * every budget in one atomic step (so concurrent attempts can never pass more often than the smallest
 * budget allows), and an attempt that turns out to be legitimate is given back. Each budget is keyed by
 * its own key (an address, an account, an account and an address).
 */
export function attemptBudgets(counters: CounterStore, budgets: AttemptBudget[]) {
  const keysOf = (keys: string[]) => budgets.map((budget, index) => counterKey(budget.name, keys[index]!));
  return {
    /** Counts one attempt in every budget; throws 429 (nothing counted) when any budget is spent. */
    async take(keys: string[]): Promise<void> {
      const { full, retryAfterSeconds } = await counters.take(
        keysOf(keys).map((key, index) => ({
          key,
          limit: budgets[index]!.limit,
          windowSeconds: budgets[index]!.windowSeconds,
        })),
      );
      if (full > 0) {
        const budget = budgets[full - 1]!;
        throw new TooManyRequestsError(budget.message, retryAfterSeconds || budget.windowSeconds);
      }
    },
    /** Gives the attempt back to every budget (it succeeded, so it was not guessing). */
    async giveBack(keys: string[]): Promise<void> {
      await counters.giveBack(keysOf(keys));
    },
    /** Empties one budget of one key (the budget's index in the list). */
    async clear(budgetIndex: number, key: string): Promise<void> {
      await counters.clear(counterKey(budgets[budgetIndex]!.name, key));
    },
  };
}
