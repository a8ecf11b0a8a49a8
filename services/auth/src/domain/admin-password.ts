import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares digests, so neither the length nor the content of the password leaks through timing. */
export function isAdminPassword(expected: string, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
