import {
  MIGRATION_ADVISORY_LOCK_KEY,
  Queue,
  Worker,
  createPostgresBackend,
  runMigrations,
  type Processor,
  type QueueOptions,
  type WorkerOptions,
} from 'bullmq';
import pg from 'pg';
import type { Redis } from 'ioredis';
import { queueTelemetry } from './telemetry.ts';

/**
 * Where BullMQ keeps the queues: Redis (the production default) or PostgreSQL (REDIS_URL=none, BullMQ's
 * PostgreSQL backend). Queues and workers are made here and behave the same on both: a job is accepted
 * once stored, job ids are idempotent, failed jobs stay visible and retryable.
 *
 * `namespace` keeps systems that share a store apart: a key prefix in Redis, a schema in PostgreSQL.
 * With tracing on, every queue and worker has BullMQ's telemetry, so a job continues the trace of the
 * request that queued it on either store (telemetry.ts).
 */
export type QueueBackend = {
  kind: 'redis' | 'postgres';
  namespace: string;
  queue<Data>(name: string, options?: Omit<QueueOptions, 'connection' | 'prefix'>): Queue<Data>;
  worker<Data, Result>(
    name: string,
    processor: Processor<Data, Result>,
    options?: Omit<WorkerOptions, 'connection' | 'prefix'>,
  ): Worker<Data, Result>;
  /** False while the store is known to be unreachable, so a producer can answer 503 at once. */
  reachable(): boolean;
  /** Resolves once the store can hold queues (in PostgreSQL: BullMQ's schema is migrated). */
  ready(): Promise<void>;
  /** Deletes every queue and job of this namespace (tests). */
  obliterate(): Promise<void>;
  close(): Promise<void>;
};

/**
 * On one Redis connection, which stays the caller's unless `ownsConnection` (then close() ends it). A
 * producer on a request path should pass a fail-fast connection (`createRedis(url, { failFast: true })`)
 * so a Redis outage is an immediate 503; workers need one that waits (`maxRetriesPerRequest: null`,
 * createRedis's default).
 */
export function redisQueueBackend(
  connection: Redis,
  prefix: string,
  options: { ownsConnection?: boolean } = {},
): QueueBackend {
  return {
    kind: 'redis',
    namespace: prefix,
    queue: (name, options = {}) =>
      new Queue(name, { telemetry: queueTelemetry(), ...options, connection, prefix }),
    worker: (name, processor, options = {}) =>
      new Worker(name, processor, { telemetry: queueTelemetry(), ...options, connection, prefix }),
    // 'wait' is a lazy connection BullMQ opens on first use, 'connect' one about to be ready.
    reachable: () => ['ready', 'wait', 'connect'].includes(connection.status),
    ready: async () => undefined,
    async obliterate() {
      let cursor = '0';
      do {
        const [next, keys] = await connection.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length > 0) await connection.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
    async close() {
      if (options.ownsConnection) connection.disconnect();
    },
  };
}

/** The PostgreSQL schema of a namespace: a plain identifier (BullMQ accepts no other). */
export function queueSchema(namespace: string): string {
  return namespace
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^([^a-z_])/, '_$1')
    .slice(0, 63);
}

/**
 * Connections each queue or worker may open besides a worker's own LISTEN connection. A worker process
 * holds eight queues and workers besides its knex pool, so with replicas this bounds how close a
 * PostgreSQL-only install comes to the server's max_connections (100 by default).
 */
const POOL_SIZE = 2;

/**
 * In PostgreSQL: BullMQ's tables and functions in a schema of their own (`queueSchema(namespace)`),
 * created by BullMQ's migrations the first time `ready()` runs in a process (idempotent, and safe when
 * several processes start at once). Each queue and worker owns a small pool.
 */
export function postgresQueueBackend(databaseUrl: string, namespace: string): QueueBackend {
  const schema = queueSchema(namespace);
  // `migrate`: a queue or worker opened before ready() migrates the schema itself (BullMQ serialises
  // concurrent migrations with an advisory lock).
  const connection = { connectionString: databaseUrl, schema, max: POOL_SIZE, migrate: true };
  let migrated: Promise<void> | undefined;
  let closed = false;
  const withClient = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    kind: 'postgres',
    namespace,
    queue: <Data>(name: string, options = {}) =>
      new Queue(
        name,
        { telemetry: queueTelemetry(), ...options, connection },
        createPostgresBackend,
      ) as unknown as Queue<Data>,
    worker: <Data, Result>(name: string, processor: Processor<Data, Result>, options = {}) =>
      new Worker(
        name,
        processor as Processor,
        { telemetry: queueTelemetry(), ...options, connection },
        createPostgresBackend,
      ) as unknown as Worker<Data, Result>,
    reachable: () => !closed,
    ready() {
      migrated ??= withClient(async (client) => {
        await runMigrations(client, schema);
        await planRetentionPerCall(client, schema);
      }).catch((error: unknown) => {
        migrated = undefined;
        throw error;
      });
      return migrated;
    },
    async obliterate() {
      await withClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
      migrated = undefined;
    },
    // Each queue and worker closes its own pool; a closed backend refuses new jobs at once.
    async close() {
      closed = true;
    },
  };
}

/**
 * BullMQ's retention of finished jobs (`removeOnComplete: { age }`) deletes the old ones at every
 * completion, in a function that takes the job's state as a parameter. PostgreSQL soon keeps one generic
 * plan for that statement, chosen while the queue holds few jobs, and a generic plan cannot use the
 * partial index of finished jobs: as a new install's launch night fills the queue, every completion
 * reads every job kept. Planned for its arguments at each call, it reads only the jobs it removes.
 *
 * The setting lives on the function, so the first process to start after a migration sets it, under
 * BullMQ's own migration lock (two changes of one function at once fail), and the others find it set.
 * A function this role does not own (a schema migrated by another role) is left as it is.
 */
async function planRetentionPerCall(client: pg.Client, schema: string): Promise<void> {
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [
      MIGRATION_ADVISORY_LOCK_KEY,
      schema,
    ]);
    const { rows } = await client.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn from pg_proc p
       where p.proname = 'apply_retention' and p.pronamespace = to_regnamespace(quote_ident($1))
         and pg_has_role(current_user, p.proowner, 'USAGE')
         and not coalesce('plan_cache_mode=force_custom_plan' = any(p.proconfig), false)`,
      [schema],
    );
    // regprocedure's text is the function's quoted, schema-qualified name and argument types.
    for (const { fn } of rows)
      await client.query(`alter function ${fn} set plan_cache_mode = force_custom_plan`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
