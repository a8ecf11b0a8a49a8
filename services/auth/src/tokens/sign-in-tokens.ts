import { createHmac, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from '@sleep-ritual/platform/config';
import {
  consumeSingleUseToken,
  issueSingleUseToken,
  openTokenRows,
  type SingleUseTokenKind,
} from './single-use-tokens.ts';

/** How long an e-mailed sign-in link works. */
export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;

const signInTokens: SingleUseTokenKind = { table: 'sign_in_tokens', lifetimeMs: SIGN_IN_TOKEN_TTL_MS };

/**
 * A code has only a million values, so a plain hash of it would be reversed offline in a moment: it is
 * keyed with the server's secret (and the user, so equal codes of two users differ at rest).
 */
const hashCode = (secret: string, userId: number, code: string) =>
  createHmac('sha256', secret).update(`sign-in-code:${userId}:${code}`).digest('hex');

/**
 * Issues what a sign-in e-mail carries: a link token (32 random bytes) and a 6-digit code for typing on
 * another device. One row holds both, only hashed, with one expiry: using either uses the row.
 */
export async function issueSignInToken(
  db: Knex,
  config: Pick<Config, 'accountHashSecret'>,
  userId: number,
): Promise<{ token: string; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const token = await issueSingleUseToken(db, signInTokens, userId, {
    codeHash: hashCode(config.accountHashSecret, userId, code),
  });
  return { token, code };
}

/**
 * Uses the code of the user's latest open sign-in e-mail once, in one statement: answers whether the
 * code is that one (unused, unexpired). Only the latest works, so asking for several e-mails never
 * multiplies a guesser's chances. A wrong code changes nothing here: anyone may send codes for any
 * e-mail, so wrong ones must not void the member's; the sign-in route's budgets, taken before this,
 * bound the guessing.
 */
export async function consumeSignInCode(
  db: Knex,
  config: Pick<Config, 'accountHashSecret'>,
  userId: number,
  code: string,
): Promise<boolean> {
  const latest = openTokenRows(db, signInTokens, { userId }).max('id');
  const used = await openTokenRows(db, signInTokens, { userId })
    .andWhere('id', latest)
    .andWhere({ codeHash: hashCode(config.accountHashSecret, userId, code) })
    .update({ used: true });
  return used > 0;
}

/** The link of the e-mail: the sign-in page, which uses the token when it opens. */
export function signInLinkUrl(config: Pick<Config, 'publicAppUrl'>, token: string): string {
  const url = new URL('/sign-in', config.publicAppUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Uses a token once (two concurrent uses cannot both succeed): answers the user id, or undefined when
 * the token is unknown, used or expired.
 */
export function consumeSignInToken(db: Knex, token: string): Promise<number | undefined> {
  return consumeSingleUseToken(db, signInTokens, token);
}
