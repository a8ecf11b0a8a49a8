import { describe, expect, it } from 'vitest';
import {
  isGenuineRedirect,
  readSignedRedirect,
  redirectEmail,
  redirectOrderIds,
  signedRedirectQuery,
  thrivecartRedirectHash,
} from '../src/redirect.ts';

// A success-page query as ThriveCart sends it: the whole nested `thrivecart[...]` array. The expected
// hashes were computed by ThriveCart's documented PHP (parse_str, ksort, json_encode, strtoupper, md5 of
// "secret__json"), once as documented and once with every value rawurlencode'd first.
const SUCCESS_QUERY =
  'thrivecart[account_id]=4821&thrivecart[account_name]=sleepritual&thrivecart[customer][email]=ana.lopez%2Bsleep%40example.com&thrivecart[customer][name]=Ana%20L%C3%B3pez&thrivecart[customer][first_name]=Ana&thrivecart[customer][last_name]=L%C3%B3pez&thrivecart[customer][address][country]=ES&thrivecart[order][0][t]=product&thrivecart[order][0][id]=1&thrivecart[order][0][n]=The%206-Night%20Sleep%20Meditation%20Ritual&thrivecart[order][0][p]=3700&thrivecart[order][0][q]=1&thrivecart[order][1][t]=bump&thrivecart[order][1][id]=1&thrivecart[order][1][n]=Deep%20Rest%20Bonus%20%2F%20Audio&thrivecart[order][1][p]=1700&thrivecart[order][1][q]=1&thrivecart[order_currency]=USD&thrivecart[order_id]=3190452&thrivecart[order_total]=5400&thrivecart[order_tax]=0&thrivecart[order_date]=2026-11-24%2001%3A02%3A03&thrivecart[purchases][0]=product-1&thrivecart[purchases][1]=bump-1&thrivecart[mode]=live';
const SECRET = 'test-thrivecart-secret';
const DOCUMENTED_HASH = 'c5f121620d17c1f04a2e3e821bcef247';
const URL_ENCODED_HASH = '149162b7ad3698050a7c52a94728a07a';

const withHash = (hash: string) => `${SUCCESS_QUERY}&thrivecart_hash=${hash}`;

describe('ThriveCart signed redirect', () => {
  it('reads the nested array: customer, order lines and purchases', () => {
    const redirect = readSignedRedirect(withHash(DOCUMENTED_HASH))!;
    expect(redirect.hash).toBe(DOCUMENTED_HASH);
    expect(redirectEmail(redirect.fields)).toBe('ana.lopez+sleep@example.com');
    expect(redirectOrderIds(redirect.fields)).toEqual(['3190452']);
    expect(redirect.fields.order).toEqual([
      { t: 'product', id: '1', n: 'The 6-Night Sleep Meditation Ritual', p: '3700', q: '1' },
      { t: 'bump', id: '1', n: 'Deep Rest Bonus / Audio', p: '1700', q: '1' },
    ]);
  });

  it('verifies the hash computed the documented way', () => {
    expect(thrivecartRedirectHash(SECRET, readSignedRedirect(withHash('x'))!.fields)).toBe(DOCUMENTED_HASH);
    expect(isGenuineRedirect(SECRET, readSignedRedirect(withHash(DOCUMENTED_HASH))!)).toBe(true);
  });

  it('verifies the hash of URL-encoded values that public implementations use', () => {
    expect(isGenuineRedirect(SECRET, readSignedRedirect(withHash(URL_ENCODED_HASH))!)).toBe(true);
  });

  it('verifies a second vector with a different secret and key order', () => {
    const query =
      'thrivecart[order_id]=77&thrivecart[account_id]=9&thrivecart[customer][email]=x%40y.example' +
      '&thrivecart[order][0][t]=product&thrivecart[order][0][id]=2&thrivecart[order][0][n]=Plain' +
      '&thrivecart[order][0][p]=900&thrivecart[order][0][q]=1';
    expect(
      isGenuineRedirect(
        'S3cr3t-Word',
        readSignedRedirect(`${query}&thrivecart_hash=014eb1aa70b85d1a2df2f3f5130cfb9f`)!,
      ),
    ).toBe(true);
    expect(
      isGenuineRedirect(
        'S3cr3t-Word',
        readSignedRedirect(`${query}&thrivecart_hash=da97a3ffdbfa080d507b65f0d05a7f73`)!,
      ),
    ).toBe(true);
  });

  it('refuses a redirect whose order was changed, whose secret differs, or whose hash is malformed', () => {
    const tampered = withHash(DOCUMENTED_HASH).replace(
      'thrivecart[order][1][id]=1',
      'thrivecart[order][1][id]=3',
    );
    expect(isGenuineRedirect(SECRET, readSignedRedirect(tampered)!)).toBe(false);
    expect(isGenuineRedirect('another-secret', readSignedRedirect(withHash(DOCUMENTED_HASH))!)).toBe(false);
    expect(isGenuineRedirect(SECRET, readSignedRedirect(withHash('not-a-hash'))!)).toBe(false);
    expect(readSignedRedirect(SUCCESS_QUERY)).toBeNull();
    expect(readSignedRedirect('thrivecart_hash=' + DOCUMENTED_HASH)).toBeNull();
  });

  it('builds a redirect that verifies, for tests and simulated purchases', () => {
    const fields = readSignedRedirect(withHash('x'))!.fields;
    const redirect = readSignedRedirect(signedRedirectQuery(SECRET, fields))!;
    expect(redirect.fields).toEqual(fields);
    expect(redirect.hash).toBe(DOCUMENTED_HASH);
  });
});
