import type { Knex } from 'knex';
import type { Config } from './config.ts';
import { postgresCounterStore, redisCounterStore, type CounterStore } from './counter-store.ts';
import { postgresQueueBackend, redisQueueBackend, type QueueBackend } from './queue-backend.ts';
import { createRedis } from './redis.ts';
import { postgresSessionStore, redisSessionStore, type SessionStore } from './session-store.ts';

/**
 * What the services keep outside their own tables, each behind one small interface, chosen once at
 * start-up: with REDIS_URL set, Redis holds sessions, rate-limit counters and the queues (the production
 * default); with REDIS_URL=none, PostgreSQL holds them all (BullMQ's PostgreSQL backend, a sessions
 * table, a counters table). No service code knows which is underneath.
 */
export type Backends = {
  kind: 'redis' | 'postgres';
  sessions: SessionStore;
  counters: CounterStore;
  queues: QueueBackend;
  /** Resolves when the store answers (PostgreSQL's is the database itself, checked on its own). */
  ping?: () => Promise<unknown>;
  close(): Promise<void>;
};

/**
 * `failFast` (request paths): while Redis is down, calls fail at once (503) instead of waiting. The
 * worker's consumers need a connection that waits instead.
 */
export function createBackends(
  config: Config,
  db: Knex,
  options: { failFast: boolean; onError?: (error: Error) => void },
): Backends {
  if (config.redisUrl === null) {
    return {
      kind: 'postgres',
      sessions: postgresSessionStore(db),
      counters: postgresCounterStore(db),
      queues: postgresQueueBackend(config.databaseUrl, config.queuePrefix),
      close: async () => undefined,
    };
  }
  const redis = createRedis(config.redisUrl, { failFast: options.failFast });
  if (options.onError) redis.on('error', options.onError);
  return {
    kind: 'redis',
    sessions: redisSessionStore(redis),
    counters: redisCounterStore(redis),
    queues: redisQueueBackend(redis, config.queuePrefix),
    ping: () => redis.ping(),
    async close() {
      redis.disconnect();
    },
  };
}

/**
 * A queue backend of its own under another namespace (tests and benchmarks keep their jobs apart this
 * way); close() ends its connection.
 */
export function createQueueBackend(
  config: Config,
  namespace: string,
  options: { failFast: boolean },
): QueueBackend {
  if (config.redisUrl === null) return postgresQueueBackend(config.databaseUrl, namespace);
  const redis = createRedis(config.redisUrl, { failFast: options.failFast });
  return redisQueueBackend(redis, namespace, { ownsConnection: true });
}

/** One line for a start banner: which mode runs, and what production should use. */
export function describeBackends(config: Config): string {
  return config.redisUrl === null
    ? 'PostgreSQL only (REDIS_URL=none): sessions, rate limits and queues in PostgreSQL; fine for development, evaluation and small installs, while production should use Redis'
    : 'Redis for sessions, rate limits and queues (the production setup)';
}
