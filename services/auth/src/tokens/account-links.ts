import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '@sleep-ritual/platform/config';

/**
 * The create-account link mailed after a purchase carries a token that proves the buyer received the
 * e-mail: an HMAC of the order id and e-mail under the first session key. It stays valid until the
 * account has a password (the account-creation rules check that), so nothing needs storing.
 */
export function createAccountToken(
  config: Pick<Config, 'sessionKeys'>,
  orderId: string,
  email: string,
): string {
  const [key] = config.sessionKeys;
  if (key === undefined) throw new Error('No session key is configured to sign account links');
  return createHmac('sha256', key)
    .update(`create-account:${orderId}:${email.trim().toLowerCase()}`)
    .digest('base64url');
}

export function verifyCreateAccountToken(
  config: Pick<Config, 'sessionKeys'>,
  orderId: string,
  email: string,
  token: string,
): boolean {
  const expected = Buffer.from(createAccountToken(config, orderId, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createAccountUrl(
  config: Pick<Config, 'sessionKeys' | 'publicAppUrl'>,
  orderId: string,
  email: string,
): string {
  const url = new URL('/create-account', config.publicAppUrl);
  url.searchParams.set('order_id', orderId);
  url.searchParams.set('token', createAccountToken(config, orderId, email));
  return url.toString();
}
