import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Config } from './config.ts';

/** How long an e-mailed sign-in link works. */
export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a sign-in token for a user: 32 random bytes, of which only the hash is stored. */
export async function issueSignInToken(db: Knex, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db('sign_in_tokens').insert({
    userId,
    token: hashToken(token),
    expiresAt: new Date(Date.now() + SIGN_IN_TOKEN_TTL_MS),
  });
  return token;
}

/** The link of the e-mail: the sign-in page, which uses the token when it opens. */
export function signInLinkUrl(config: Pick<Config, 'publicAppUrl'>, token: string): string {
  const url = new URL('/sign-in', config.publicAppUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Uses a token once, in one statement (two concurrent uses cannot both succeed): answers the user id,
 * or undefined when the token is unknown, used or expired.
 */
export async function consumeSignInToken(db: Knex, token: string): Promise<number | undefined> {
  const [row] = await db('sign_in_tokens')
    .where({ token: hashToken(token), used: false })
    .andWhere('expiresAt', '>', db.fn.now())
    .update({ used: true })
    .returning('userId');
  return row?.userId as number | undefined;
}
