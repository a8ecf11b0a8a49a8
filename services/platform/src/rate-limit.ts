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
