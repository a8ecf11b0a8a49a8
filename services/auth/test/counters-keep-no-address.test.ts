import { describe, expect, it } from 'vitest';
import { createRedis } from '@sleep-ritual/platform/redis';
import { createClient } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();

/** Every key the rate limits' counters hold now, in Redis or in the PostgreSQL-only mode's table. */
async function counterKeys(): Promise<string[]> {
  const { config, db } = auth.deps;
  if (config.redisUrl === null) return db('rate_counters').pluck('key');
  const redis = createRedis(config.redisUrl);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', 'rate:*', 'COUNT', 1000);
      keys.push(...found);
      cursor = next;
    } while (cursor !== '0');
    return keys;
  } finally {
    redis.disconnect();
  }
}

describe('the counters behind the sign-in limits', () => {
  it("count a member's attempts under a keyed digest of the account: no key holds the address", async () => {
    const member = await auth.createUser({ email: `Counted.Member-${Date.now()}@test.example` });
    const visitor = createClient(auth.url, { ip: '203.0.113.77' });
    const post = (path: string, json: object) => visitor.request(path, { method: 'POST', json });

    expect((await post('/api/login', { email: member.email, password: 'not the password' })).status).toBe(
      401,
    );
    expect((await post('/api/login/code', { email: member.email, code: '000000' })).status).toBe(400);
    expect((await post('/api/forgot-password', { email: member.email })).status).toBe(200);
    expect((await post('/api/login/link', { email: member.email })).status).toBe(200);
    // A sign-in that succeeds makes the address the member's own, for 30 days.
    expect((await post('/api/login', { email: member.email, password: member.password })).status).toBe(200);

    const keys = await counterKeys();
    // The attempts were counted (the per-address budget names the address) …
    expect(keys.some((key) => key.includes('203.0.113.77'))).toBe(true);
    // … but no counter names the member, in any case.
    const address = member.email.toLowerCase();
    expect(keys.filter((key) => key.toLowerCase().includes(address))).toEqual([]);
    expect(keys.filter((key) => key.toLowerCase().includes(address.split('@')[0]!))).toEqual([]);
  });
});
