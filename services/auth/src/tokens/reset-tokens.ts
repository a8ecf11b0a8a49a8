import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import {
  consumeSingleUseToken,
  isSingleUseTokenOpen,
  issueSingleUseToken,
  type SingleUseTokenKind,
} from './single-use-tokens.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const resetTokens: SingleUseTokenKind = { table: 'password_reset_tokens', lifetimeMs: RESET_TOKEN_TTL_MS };

/** Issues a password-reset token for a user; only its hash is stored. */
export function issueResetToken(db: Knex, userId: number): Promise<string> {
  return issueSingleUseToken(db, resetTokens, userId);
}

export function resetPasswordUrl(config: Pick<Config, 'publicAppUrl'>, token: string): string {
  const url = new URL('/reset-password', config.publicAppUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Whether a token would still work (known, unused, unexpired), without using it. */
export function isResetTokenOpen(db: Knex, token: string): Promise<boolean> {
  return isSingleUseTokenOpen(db, resetTokens, token);
}

/**
 * Uses a token once: marks it, and every other unused token of the same user, used. Answers the user id,
 * or undefined when the token is unknown, used or expired.
 */
export async function consumeResetToken(trx: Knex.Transaction, token: string): Promise<number | undefined> {
  const userId = await consumeSingleUseToken(trx, resetTokens, token);
  if (userId === undefined) return undefined;
  await trx(resetTokens.table).where({ userId, used: false }).update({ used: true });
  return userId;
}
