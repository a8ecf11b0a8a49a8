import type { Redis } from 'ioredis';
import type { Knex } from 'knex';

/**
 * Where sessions live: Redis (the production default) or a PostgreSQL table (REDIS_URL=none). Both keep
 * the same ids, lifetimes and per-user index, so a user's sessions can all be ended at once.
 */
export type SessionStore = {
  /** The stored JSON of each id, in order (null for none or expired). */
  getMany(ids: string[]): Promise<(string | null)[]>;
  /**
   * Stores the session for `ttlMs`; with a user, indexes it under that user for `indexMs`. A session
   * that endUser ended stays ended: a request that read it before the end would otherwise save the
   * member back into it.
   */
  set(id: string, json: string, ttlMs: number, user?: { id: number; indexMs: number }): Promise<void>;
  /** Ends one session for good (a sign-out): its mark (endedMark, SIGNED_OUT) stays in its place. */
  destroy(id: string): Promise<void>;
  /**
   * Ends every session of the user for good, leaving a session of nobody that says why
   * (`{"endedBy":…}`, endedMark) in each one's place for the rest of its lifetime: a device that comes
   * back can be told why it was signed out, and a request in flight cannot save the member back in.
   */
  endUser(userId: number, endedBy: string): Promise<void>;
};

/** Why sessions end when nothing more is to be said: a sign-out, a password set or ended. */
export const SIGNED_OUT = 'sign-out';

/** What an ended session leaves in its place: a session of nobody saying why it ended. */
export const endedMark = (endedBy: string) => JSON.stringify({ endedBy });
const ENDED_PREFIX = '{"endedBy":';

const sessionKey = (id: string) => `sess:${id}`;
const userSessionsKey = (userId: number) => `user-sessions:${userId}`;

/** set, in one step: nothing written over an ended session (KEYS: session, user index or none). */
const SET_UNLESS_ENDED = `
local current = redis.call('GET', KEYS[1])
if current and string.sub(current, 1, ${ENDED_PREFIX.length}) == '${ENDED_PREFIX}' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
if KEYS[2] then
  redis.call('SADD', KEYS[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
end
return 1`;

export function redisSessionStore(redis: Redis): SessionStore {
  return {
    getMany: (ids) => redis.mget(ids.map(sessionKey)),
    async set(id, json, ttlMs, user) {
      const keys = user ? [sessionKey(id), userSessionsKey(user.id)] : [sessionKey(id)];
      await redis.eval(SET_UNLESS_ENDED, keys.length, ...keys, json, ttlMs, id, user?.indexMs ?? 0);
    },
    async destroy(id) {
      // XX and KEEPTTL as endUser's: nothing is made of a session already gone, the mark lasts its time.
      await redis.set(sessionKey(id), endedMark(SIGNED_OUT), 'KEEPTTL', 'XX');
    },
    async endUser(userId, endedBy) {
      const ids = await redis.smembers(userSessionsKey(userId));
      if (ids.length === 0) return;
      const multi = redis.multi();
      // XX: a session that expired meanwhile stays gone; KEEPTTL: the mark lasts as long as it would have.
      for (const id of ids) multi.set(sessionKey(id), endedMark(endedBy), 'KEEPTTL', 'XX');
      await multi.srem(userSessionsKey(userId), ...ids).exec();
    },
  };
}

/** How often a process clears expired sessions out of the table (on a write, at most this often). */
const SWEEP_EVERY_MS = 10 * 60_000;

export function postgresSessionStore(db: Knex): SessionStore {
  let sweptAt = 0;
  return {
    async getMany(ids) {
      const rows: { id: string; data: unknown }[] = await db('sessions')
        .select('id', 'data')
        .whereIn('id', ids)
        .andWhere('expiresAt', '>', db.fn.now());
      const byId = new Map(rows.map((row) => [row.id, JSON.stringify(row.data)]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    async set(id, json, ttlMs, user) {
      const expiresAt = new Date(Date.now() + ttlMs);
      await db('sessions')
        .insert({ id, data: json, userId: user?.id ?? null, expiresAt })
        .onConflict('id')
        .merge(['data', 'userId', 'expiresAt'])
        .where((query) =>
          query
            .whereRaw(`sessions.data->>'endedBy' is null`)
            .orWhere('sessions.expiresAt', '<=', db.fn.now()),
        );
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await db('sessions').where('expiresAt', '<=', db.fn.now()).delete();
      }
    },
    async destroy(id) {
      await db('sessions')
        .where({ id })
        .andWhere('expiresAt', '>', db.fn.now())
        .update({ data: endedMark(SIGNED_OUT), userId: null });
    },
    async endUser(userId, endedBy) {
      await db('sessions')
        .where({ userId })
        .andWhere('expiresAt', '>', db.fn.now())
        .update({ data: endedMark(endedBy), userId: null });
    },
  };
}
