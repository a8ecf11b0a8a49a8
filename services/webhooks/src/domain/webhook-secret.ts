import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares the posted `thrivecart_secret` with ours in constant time. Both sides are hashed first, so
 * neither the comparison time nor an early length check tells a caller anything about the secret.
 */
export function isValidWebhookSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
