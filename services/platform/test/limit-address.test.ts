import { describe, expect, it } from 'vitest';
import { limitAddress } from '../src/rate-limit.ts';

describe('the address a rate limit counts against', () => {
  it('is an IPv4 address itself, also when written as IPv4-mapped IPv6', () => {
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const home = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0DB8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:db8:0:1:a::b%eth0',
    ]) {
      expect(limitAddress(address), address).toBe(home);
    }
    expect(limitAddress('2001:db8:0:2::1')).not.toBe(home);
    expect(limitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(limitAddress('')).toBe('');
    expect(limitAddress('not-an-address')).toBe('not-an-address');
  });
});
