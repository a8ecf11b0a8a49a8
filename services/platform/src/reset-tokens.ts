import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from './config.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues a password-reset token for a user: 32 random bytes, of which only the hash is stored. The
 * raw token exists only in the link that is returned (and mailed).
 */
export async function issueResetToken(db: Knex, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('password_reset_tokens').insert({
    userId,
    token: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  return token;
}

export function resetPasswordUrl(config: Pick<Config, 'publicAppUrl'>, token: string): string {
  const url = new URL('/reset-password', config.publicAppUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Whether a token would still work (known, unused, unexpired), without using it. */
export async function isResetTokenOpen(db: Knex, token: string): Promise<boolean> {
  const row = await db('password_reset_tokens')
    .where({ token: hashToken(token), used: false })
    .andWhere('expiresAt', '>', db.fn.now())
    .first('id');
  return row !== undefined;
}

/**
 * Uses a token once: marks it, and every other open token of the same user, used. Answers the user id,
 * or undefined when the token is unknown, used or expired.
 */
export async function consumeResetToken(trx: Knex.Transaction, token: string): Promise<number | undefined> {
  const row = await trx('password_reset_tokens')
    .where({ token: hashToken(token), used: false })
    .andWhere('expiresAt', '>', trx.fn.now())
    .forUpdate()
    .first('id', 'userId');
  if (!row) return undefined;
  await trx('password_reset_tokens').where({ userId: row.userId, used: false }).update({ used: true });
  return row.userId as number;
}
