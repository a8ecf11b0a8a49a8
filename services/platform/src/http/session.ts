import { createHmac, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import type { Context } from 'koa';
import type { Config } from '../config.ts';
import type { SessionStore } from '../session-store.ts';
import { createBatcher } from '../batcher.ts';
import { SessionKeys } from './session-keys.ts';

export const SESSION_COOKIE = 'sr_session';
/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionData = {
  userId?: number;
  isAdmin?: boolean;
  /** The admin password that opened the admin part (adminPasswordMark). */
  adminOf?: string;
  startedAt?: number;
  /**
   * Why a session is nobody's, in the mark the session store left in its place (SIGNED_OUT, or
   * DELETED_ACCOUNT when the member deleted their account).
   */
  endedBy?: string;
};

/** The reason endUser writes in each session of a member who deleted their account. */
export const DELETED_ACCOUNT = 'deletion';

/**
 * The mark an admin session keeps of the admin password that opened it: a keyed digest (with
 * ACCOUNT_HASH_SECRET), which tells nothing of the password. A session whose mark is not the current
 * password's is no admin's: changing ADMIN_PASSWORD ends every admin session opened with the old one.
 */
export function adminPasswordMark(config: Pick<Config, 'adminPassword' | 'accountHashSecret'>): string {
  return createHmac('sha256', config.accountHashSecret)
    .update(`admin-password:${config.adminPassword}`)
    .digest('base64url')
    .slice(0, 22);
}

declare module 'koa' {
  interface DefaultContext {
    session: (SessionData & { regenerate(): Promise<void>; save(): Promise<void> }) | null;
  }
}

/**
 * The session lives in the session store (Redis, or PostgreSQL without Redis) under a 32-random-byte
 * id; the cookie carries only that id, signed. Every service mounts this with the same keys, so they all
 * know the same user and admin state.
 */
export function sessionMiddleware(app: Koa, store: SessionStore, config: Config) {
  // Every signed-in request reads its session: the reads of concurrent requests go as one read.
  const readSessions = createBatcher((ids: string[]) => store.getMany(ids), {
    maxInFlight: 2,
    maxBatchSize: 200,
  });
  // The `cookies` module takes a keygrip-like object in place of the key list (see SessionKeys).
  app.keys = new SessionKeys(config.sessionKeys) as unknown as string[];
  const adminMark = adminPasswordMark(config);
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_IDLE_MS,
      // Saved again only when it changes or has used half its idle lifetime: a read-only request costs
      // no store write and no new cookie, and an active learner still never expires.
      rolling: false,
      renew: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
      genid: () => randomBytes(32).toString('base64url'),
      valid: (_ctx: unknown, data: SessionData) =>
        !data.startedAt || Date.now() - data.startedAt < SESSION_ABSOLUTE_MS,
      beforeSave: (_ctx: unknown, data: SessionData) => {
        data.startedAt ??= Date.now();
      },
      store: {
        async get(id: string) {
          const raw = await readSessions(id);
          const data: SessionData | undefined = raw ? JSON.parse(raw) : undefined;
          if (data?.isAdmin && data.adminOf !== adminMark) {
            delete data.isAdmin;
            delete data.adminOf;
          }
          return data;
        },
        async set(id: string, data: SessionData, maxAge: number | 'session' | undefined) {
          const ttl = typeof maxAge === 'number' ? maxAge : SESSION_IDLE_MS;
          const user = data.userId ? { id: data.userId, indexMs: SESSION_ABSOLUTE_MS } : undefined;
          await store.set(id, JSON.stringify(data), ttl, user);
        },
        async destroy(id: string) {
          await store.destroy(id);
        },
      },
    } as unknown as Parameters<typeof session>[0],
    app,
  );
}

/** Sets or clears the sales pages' signed-in hint (see SIGNED_IN_HINT_COOKIE); it carries no secret. */
export function setSignedInHint(ctx: Context, config: Config, signedIn: boolean): void {
  ctx.cookies.set(SIGNED_IN_HINT_COOKIE, signedIn ? '1' : null, {
    httpOnly: false,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: false,
    overwrite: true,
    domain: config.cookieDomain,
    maxAge: signedIn ? SESSION_ABSOLUTE_MS : undefined,
  });
}
