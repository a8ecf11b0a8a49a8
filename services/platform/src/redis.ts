import { Redis, type RedisOptions } from 'ioredis';

export { Redis };

/**
 * `failFast` connections (used on request paths) reject commands at once while Redis is down instead of
 * queueing them, so callers can answer 503 rather than hang.
 */
export function createRedis(url: string, options: { failFast?: boolean } & RedisOptions = {}): Redis {
  const { failFast = false, ...rest } = options;
  return new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: !failFast,
    maxRetriesPerRequest: failFast ? 1 : null,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...rest,
  });
}
