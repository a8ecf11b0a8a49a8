import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The one shape of the e-mailed links that act for a member (password reset, sign-in): issuing one
 * answers 32 random bytes for the e-mail and stores only their SHA-256, in a table of `userId`, `token`
 * (the hash), `expiresAt` and `used`; a token works once, before it expires. Each kind names its table
 * and its lifetime.
 */
export type SingleUseTokenKind = {
  table: 'password_reset_tokens' | 'sign_in_tokens';
  lifetimeMs: number;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The rows of a kind still open (unused, unexpired); `where` narrows them further. */
export function openTokenRows(db: Knex, kind: SingleUseTokenKind, where: Record<string, unknown> = {}) {
  return db(kind.table)
    .where({ ...where, used: false })
    .andWhere('expiresAt', '>', db.fn.now());
}

/**
 * Issues a token of a kind for a user and answers the raw token, which exists only in what is returned
 * (and mailed). `columns` are stored on the same row (a sign-in code's hash).
 */
export async function issueSingleUseToken(
  db: Knex,
  kind: SingleUseTokenKind,
  userId: number,
  columns: Record<string, unknown> = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db(kind.table).insert({
    ...columns,
    userId,
    token: hashToken(token),
    expiresAt: new Date(Date.now() + kind.lifetimeMs),
  });
  return token;
}

/** Whether a token would still work (known, unused, unexpired), without using it. */
export async function isSingleUseTokenOpen(
  db: Knex,
  kind: SingleUseTokenKind,
  token: string,
): Promise<boolean> {
  const row = await openTokenRows(db, kind, { token: hashToken(token) }).first('id');
  return row !== undefined;
}

/**
 * Uses a token once, in one statement (two concurrent uses cannot both succeed): answers the user id,
 * or undefined when the token is unknown, used or expired.
 */
export async function consumeSingleUseToken(
  db: Knex,
  kind: SingleUseTokenKind,
  token: string,
): Promise<number | undefined> {
  const [row] = await openTokenRows(db, kind, { token: hashToken(token) })
    .update({ used: true })
    .returning('userId');
  return row?.userId as number | undefined;
}
