import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SessionKeys } from '../src/http/session-keys.ts';

/** Keygrip's signature, as the cookies of sessions already out there carry it. */
function keygripSignature(key: string, data: string): string {
  return createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

describe('SessionKeys', () => {
  const keys = new SessionKeys(['new-key', 'old-key']);

  it('signs with the first key exactly as keygrip does', () => {
    for (const data of ['sr_session=abc', 'sr_session=' + 'x'.repeat(43), 'a+b/c=']) {
      expect(keys.sign(data)).toBe(keygripSignature('new-key', data));
    }
  });

  it('accepts a signature of any key and says which one', () => {
    expect(keys.index('sr_session=one', keygripSignature('new-key', 'sr_session=one'))).toBe(0);
    expect(keys.index('sr_session=two', keygripSignature('old-key', 'sr_session=two'))).toBe(1);
    expect(keys.verify('sr_session=two', keygripSignature('old-key', 'sr_session=two'))).toBe(true);
  });

  it('refuses a signature from another key, a tampered one or one for another value, also once the value was verified', () => {
    const good = keygripSignature('new-key', 'sr_session=three');
    for (let round = 0; round < 2; round += 1) {
      expect(keys.index('sr_session=three', good)).toBe(0);
      expect(keys.index('sr_session=three', keygripSignature('stolen-key', 'sr_session=three'))).toBe(-1);
      expect(keys.index('sr_session=three', good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A'))).toBe(-1);
      expect(keys.index('sr_session=three', good + 'A')).toBe(-1);
      expect(keys.index('sr_session=four', good)).toBe(-1);
      expect(keys.verify('sr_session=three', '')).toBe(false);
    }
  });
});
