import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';

/** One fixed-window counter: its key, the most it may count, and its window (from its first count). */
export type CounterWindow = { key: string; limit: number; windowSeconds: number };

/**
 * The counters behind every rate limit: Redis (the production default) or a PostgreSQL table
 * (REDIS_URL=none). Both take a count from several windows in one atomic step, so concurrent attempts
 * can never pass more often than the smallest limit allows.
 */
export type CounterStore = {
  /**
   * Counts one in every window, or in none while any of them is full: answers 0, or the 1-based index
   * of the first full window and the seconds until it ends.
   */
  take(windows: CounterWindow[]): Promise<{ full: number; retryAfterSeconds: number }>;
  /** The current count of a key and the seconds its window has left (0 and 0 when it has none). */
  peek(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  /** Gives one back to each key that still holds a count. */
  giveBack(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
};

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

const GIVE_BACK_SCRIPT = `
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 and redis.call('DECR', KEYS[i]) <= 0 then
    redis.call('DEL', KEYS[i])
  end
end
return 0`;

export function redisCounterStore(redis: Redis): CounterStore {
  return {
    async take(windows) {
      const [full, ttl] = (await redis.eval(
        TAKE_SCRIPT,
        windows.length,
        ...windows.map((window) => window.key),
        ...windows.map((window) => window.limit),
        ...windows.map((window) => window.windowSeconds),
      )) as [number, number];
      return { full, retryAfterSeconds: Math.max(ttl, 0) };
    },
    async peek(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(key).ttl(key).exec()) as [
        [null, string | null],
        [null, number],
      ];
      return { count: Number(count ?? 0), retryAfterSeconds: Math.max(ttl, 0) };
    },
    async giveBack(keys) {
      await redis.eval(GIVE_BACK_SCRIPT, keys.length, ...keys);
    },
    async clear(key) {
      await redis.del(key);
    },
  };
}

/** How often a process clears ended windows out of the table (on a take, at most this often). */
const SWEEP_EVERY_MS = 10 * 60_000;

type CounterRow = { key: string; count: number; expiresAt: Date };

const secondsUntil = (date: Date) => Math.max(Math.ceil((date.getTime() - Date.now()) / 1000), 0);

/** The length of rate_counters.key (varchar(300)). */
const STORED_KEY_LENGTH = 300;
/** What a long key keeps of its start, so its row still says whose it is; its SHA-256 tells it apart. */
const LONG_KEY_START = 200;

/**
 * The row key of a counter key: the key itself, or for one longer than the column (a 255-character
 * e-mail beside an IPv6 network) its start and its digest, so no identity is too long to count.
 */
function storedKey(key: string): string {
  if (key.length <= STORED_KEY_LENGTH) return key;
  // Never ends between the two halves of a surrogate pair, which PostgreSQL would not store as written.
  const start = key.slice(0, LONG_KEY_START).replace(/[\uD800-\uDBFF]$/, '');
  return `${start}#sha256:${createHash('sha256').update(key).digest('hex')}`;
}

export function postgresCounterStore(db: Knex): CounterStore {
  let sweptAt = 0;
  return {
    async take(given) {
      const windows = given.map((window) => ({ ...window, key: storedKey(window.key) }));
      const result = await db.transaction(async (trx) => {
        // Locks every counter (in key order, so concurrent takes never deadlock), starting a window
        // afresh where the last one ended; then counts in all of them, or in none.
        const locked = (await trx.raw(
          `insert into rate_counters ("key", "count", "expiresAt")
           select w.key, 0, now() + make_interval(secs => w.seconds)
             from unnest(?::text[], ?::int[]) as w(key, seconds) order by w.key
           on conflict ("key") do update set
             "count" = case when rate_counters."expiresAt" <= now() then 0 else rate_counters."count" end,
             "expiresAt" = case when rate_counters."expiresAt" <= now() then excluded."expiresAt"
                                else rate_counters."expiresAt" end
           returning "key", "count", "expiresAt"`,
          [windows.map((window) => window.key), windows.map((window) => window.windowSeconds)],
        )) as { rows: CounterRow[] };
        const byKey = new Map(locked.rows.map((row) => [row.key, row]));
        // The upsert returns one row per window's key.
        const rowOf = (key: string) => {
          const row = byKey.get(key);
          if (!row) throw new Error(`No rate counter row came back for ${key}`);
          return row;
        };
        const fullIndex = windows.findIndex((window) => rowOf(window.key).count >= window.limit);
        const fullWindow = windows[fullIndex];
        if (fullWindow) {
          return { full: fullIndex + 1, retryAfterSeconds: secondsUntil(rowOf(fullWindow.key).expiresAt) };
        }
        await trx('rate_counters')
          .whereIn(
            'key',
            windows.map((window) => window.key),
          )
          .increment('count', 1);
        return { full: 0, retryAfterSeconds: 0 };
      });
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await db('rate_counters').where('expiresAt', '<=', db.fn.now()).delete();
      }
      return result;
    },
    async peek(key) {
      const row: CounterRow | undefined = await db('rate_counters')
        .where({ key: storedKey(key) })
        .andWhere('expiresAt', '>', db.fn.now())
        .first();
      return row
        ? { count: row.count, retryAfterSeconds: secondsUntil(row.expiresAt) }
        : { count: 0, retryAfterSeconds: 0 };
    },
    async giveBack(given) {
      const keys = given.map(storedKey);
      await db.transaction(async (trx) => {
        await trx('rate_counters').whereIn('key', keys).andWhere('count', '>', 0).decrement('count', 1);
        await trx('rate_counters').whereIn('key', keys).andWhere('count', '<=', 0).delete();
      });
    },
    async clear(key) {
      await db('rate_counters')
        .where({ key: storedKey(key) })
        .delete();
    },
  };
}
