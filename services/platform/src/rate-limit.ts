import type { Redis } from 'ioredis';
import { TooManyRequestsError } from './errors.ts';

export type RateLimit = {
  /** Counts one hit for the key; throws 429 with the message once the limit is passed. */
  hit(key: string): Promise<void>;
  /** Throws 429 if the key is already at its limit, without counting. */
  check(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

/**
 * A fixed-window counter in Redis, so a limit holds across every process of a service. Keys are
 * namespaced by `name`; the window starts with the first hit.
 */
export function rateLimit(
  redis: Redis,
  options: { name: string; limit: number; windowSeconds: number; message: string },
): RateLimit {
  const redisKey = (key: string) => `rate:${options.name}:${key.toLowerCase()}`;
  const refuse = async (key: string) => {
    const ttl = await redis.ttl(redisKey(key));
    throw new TooManyRequestsError(options.message, ttl > 0 ? ttl : options.windowSeconds);
  };
  return {
    async hit(key) {
      const [[, count]] = (await redis
        .multi()
        .incr(redisKey(key))
        .expire(redisKey(key), options.windowSeconds, 'NX')
        .exec()) as [[null, number], [null, number]];
      if (count > options.limit) await refuse(key);
    },
    async check(key) {
      const count = Number((await redis.get(redisKey(key))) ?? 0);
      if (count >= options.limit) await refuse(key);
    },
    async reset(key) {
      await redis.del(redisKey(key));
    },
  };
}

export type AttemptBudget = { name: string; limit: number; windowSeconds: number; message: string };

// Takes one attempt from every budget, or from none: refuses (answering the exhausted budget's
// 1-based index and its TTL) while any of them is spent, so a refused attempt never counts anywhere.
const TAKE_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') >= tonumber(ARGV[i]) then
    return {i, redis.call('TTL', KEYS[i])}
  end
end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('EXPIRE', KEYS[i], ARGV[#KEYS + i], 'NX')
end
return {0, 0}`;

// Gives one attempt back to every budget that still holds it.
const GIVE_BACK_SCRIPT = `
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 and redis.call('DECR', KEYS[i]) <= 0 then
    redis.call('DEL', KEYS[i])
  end
end
return 0`;

/**
 * Several attempt budgets taken together, before the attempt is made: `take` counts the attempt in
 * every budget in one atomic Redis step (so concurrent attempts can never pass more often than the
 * smallest budget allows), and an attempt that turns out to be legitimate is given back. Each budget is
 * keyed by its own key (an address, an account, an account and an address).
 */
export function attemptBudgets(redis: Redis, budgets: AttemptBudget[]) {
  const redisKeys = (keys: string[]) =>
    budgets.map((budget, index) => `rate:${budget.name}:${keys[index]!.toLowerCase()}`);
  return {
    /** Counts one attempt in every budget; throws 429 (nothing counted) when any budget is spent. */
    async take(keys: string[]): Promise<void> {
      const [spent, ttl] = (await redis.eval(
        TAKE_SCRIPT,
        budgets.length,
        ...redisKeys(keys),
        ...budgets.map((budget) => budget.limit),
        ...budgets.map((budget) => budget.windowSeconds),
      )) as [number, number];
      if (spent > 0) {
        const budget = budgets[spent - 1]!;
        throw new TooManyRequestsError(budget.message, ttl > 0 ? ttl : budget.windowSeconds);
      }
    },
    /** Gives the attempt back to every budget (it succeeded, so it was not guessing). */
    async giveBack(keys: string[]): Promise<void> {
      await redis.eval(GIVE_BACK_SCRIPT, budgets.length, ...redisKeys(keys));
    },
    /** Empties one budget of one key (the budget's index in the list). */
    async clear(budgetIndex: number, key: string): Promise<void> {
      await redis.del(`rate:${budgets[budgetIndex]!.name}:${key.toLowerCase()}`);
    },
  };
}
