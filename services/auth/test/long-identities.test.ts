import { describe, expect, it } from 'vitest';
import { createClient } from '@sleep-ritual/platform/testing';
import { issueSignInToken } from '../src/tokens/sign-in-tokens.ts';
import { useAuthService } from './helpers.ts';

// The PostgreSQL-only mode (REDIS_URL=none), whatever TEST_BACKEND says: its counters table keys rows by
// at most 300 characters, while an e-mail may have 255 and an IPv6 network adds its own.
const auth = useAuthService({ REDIS_URL: 'none' });

let counter = 0;
/** A unique e-mail address of 255 characters, the longest the forms accept. */
function longestEmail(): string {
  counter += 1;
  const local = `long-${Date.now().toString(36)}-${process.pid}-${counter}-`.padEnd(64, 'x');
  return `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.test`;
}
/** An IPv6 address whose /64 is written in full: four groups of four digits (2001:db8:abcd:ef12::/64). */
const ipv6 = () => {
  const group = () => (0x1000 + Math.floor(Math.random() * 0xefff)).toString(16);
  return `2001:db8:${group()}:${group()}::1`;
};

describe('in the PostgreSQL-only mode, a 255-character e-mail from an IPv6 address', () => {
  it('signs in with the password, and counts wrong ones until 429', async () => {
    const email = longestEmail();
    expect(email).toHaveLength(255);
    const user = await auth.createUser({ email });
    const client = createClient(auth.url, { ip: ipv6() });
    const signIn = (password: string) =>
      client.request('/api/login', { method: 'POST', json: { email, password } });

    expect((await signIn(user.password!)).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await signIn(`wrong-${attempt}`);
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'Invalid email or password' });
    }
    expect((await signIn(user.password!)).status).toBe(429);
  });

  it('signs in with an e-mailed code', async () => {
    const email = longestEmail();
    const user = await auth.createUser({ email });
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const response = await createClient(auth.url, { ip: ipv6() }).request('/api/login/code', {
      method: 'POST',
      json: { email, code },
    });
    expect(response.status).toBe(200);
  });
});
