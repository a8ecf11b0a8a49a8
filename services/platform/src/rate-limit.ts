import { isIPv6 } from 'node:net';
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
 * The address a limit counts against: an IPv4 address itself (also when written as IPv4-mapped IPv6),
 * an IPv6 address its /64. One home or phone network holds a whole /64, so keying on exact IPv6
 * addresses would give anyone 2^64 fresh budgets.
 */
export function limitAddress(ip: string): string {
  const [zoneless = ip] = ip.split('%');
  const address = zoneless.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  // An IPv4 ending (64:ff9b::192.0.2.1) fills two groups.
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const all = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return `${all
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

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
  // A budget whose key is null is left out of this attempt.
  const inUse = (keys: (string | null)[]) =>
    budgets.flatMap((budget, index) => {
      const key = keys[index];
      return key === null || key === undefined ? [] : [{ budget, key: counterKey(budget.name, key) }];
    });
  return {
    /** Counts one attempt in every budget keyed; throws 429 (nothing counted) when any is spent. */
    async take(keys: (string | null)[]): Promise<void> {
      const used = inUse(keys);
      const { full, retryAfterSeconds } = await counters.take(
        used.map(({ budget, key }) => ({ key, limit: budget.limit, windowSeconds: budget.windowSeconds })),
      );
      if (full > 0) {
        const spent = used[full - 1];
        if (!spent) throw new Error(`The counters named budget ${full} of ${used.length}`);
        const { budget } = spent;
        throw new TooManyRequestsError(budget.message, retryAfterSeconds || budget.windowSeconds);
      }
    },
    /** Gives the attempt back to every budget keyed (it succeeded, so it was not guessing). */
    async giveBack(keys: (string | null)[]): Promise<void> {
      await counters.giveBack(inUse(keys).map(({ key }) => key));
    },
    /** How many attempts one budget of one key holds now (the budget's index in the list). */
    async count(budgetIndex: number, key: string): Promise<number> {
      const budget = budgets[budgetIndex];
      if (!budget) throw new Error(`There is no budget ${budgetIndex}`);
      return (await counters.peek(counterKey(budget.name, key))).count;
    },
    /** Empties one budget of one key (the budget's index in the list). */
    async clear(budgetIndex: number, key: string): Promise<void> {
      const budget = budgets[budgetIndex];
      if (!budget) throw new Error(`There is no budget ${budgetIndex}`);
      await counters.clear(counterKey(budget.name, key));
    },
  };
}
