import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@sleep-ritual/platform/http/session';
import { createLimits } from '../src/domain/limits.ts';
import { issueSignInToken } from '../src/tokens/sign-in-tokens.ts';
import { clientWithSession, createClient, uniqueEmail } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const INVALID =
  'That code is not right, or it has expired. Use the code of the latest e-mail, or ask for a new one.';

type Client = ReturnType<typeof createClient>;
const useCode = (client: Client, email: string, code: unknown) =>
  client.request('/api/login/code', { method: 'POST', json: { email, code } });

/** The account's hourly ceiling among the code's budgets (signInBudgets' order). */
const ACCOUNT_HOURLY_BUDGET = 2;

/** A code other than `code`, with the same number of digits. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userWithCode() {
  const user = await auth.createUser();
  const { code, token } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
  return { ...user, code, token };
}

describe('POST /api/login/code', () => {
  it('signs the learner in with a new session id, and works once', async () => {
    const user = await userWithCode();
    const client = await clientWithSession(auth.url, auth.deps, {});
    const planted = client.cookies.get(SESSION_COOKIE);

    const response = await useCode(client, user.email, user.code);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(planted);
    expect((await client.request('/api/user')).status).toBe(200);

    const again = await useCode(createClient(auth.url), user.email, user.code);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(INVALID);
  });

  it('spends the link of the same e-mail too: one e-mail signs in once', async () => {
    const user = await userWithCode();
    expect((await useCode(createClient(auth.url), user.email, user.code)).status).toBe(200);
    const link = await createClient(auth.url).request('/api/login/link/sign-in', {
      method: 'POST',
      json: { token: user.token },
    });
    expect(link.status).toBe(400);
  });

  it('answers a wrong code and an unknown address alike, and signs nobody in', async () => {
    const user = await userWithCode();
    const wrong = await useCode(createClient(auth.url), user.email, wrongCode(user.code));
    const unknown = await useCode(createClient(auth.url), uniqueEmail(), user.code);
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(
      wrong.headers
        .getSetCookie()
        .some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/expires=Thu, 01 Jan 1970/i.test(line)),
    ).toBe(false);
  });

  it("after 10 wrong codes from one address, even the right one gets 429 there, while the member's code still works at home", async () => {
    const user = await auth.createUser();
    const home = createClient(auth.url);
    const first = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    expect((await useCode(home, user.email, first.code)).status).toBe(200);
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);

    const stranger = createClient(auth.url);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await useCode(stranger, user.email, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toBe(INVALID);
    }
    const blocked = await useCode(stranger, user.email, code);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toEqual({
      error: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });

    const member = createClient(auth.url, { ip: home.ip });
    const signedIn = await useCode(member, user.email, code);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ id: user.id, email: user.email });
    expect((await member.request('/api/user')).status).toBe(200);
  });

  it("only the latest e-mail's code works", async () => {
    const user = await auth.createUser();
    const older = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const latest = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const client = createClient(auth.url);
    const refused = await useCode(client, user.email, older.code);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe(INVALID);
    expect((await useCode(client, user.email, latest.code)).status).toBe(200);
  });

  it('four wrong codes leave the right one working', async () => {
    const user = await userWithCode();
    const client = createClient(auth.url);
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await useCode(client, user.email, wrongCode(user.code))).status).toBe(400);
    expect((await useCode(client, user.email, user.code)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await userWithCode();
    await auth.deps
      .db('sign_in_tokens')
      .where({ userId: user.id })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await useCode(createClient(auth.url), user.email, user.code)).status).toBe(400);
  });

  it('keeps the code only as a keyed hash', async () => {
    const user = await userWithCode();
    const row = await auth.deps.db('sign_in_tokens').where({ userId: user.id }).first('codeHash');
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(user.code);
  });

  it.each([
    ['no code', { email: 'a@test.example' }, 'Enter the 6-digit code'],
    ['five digits', { email: 'a@test.example', code: '12345' }, 'Enter the 6-digit code'],
    ['letters', { email: 'a@test.example', code: '12a456' }, 'Enter the 6-digit code'],
    ['a number, not text', { email: 'a@test.example', code: 123456 }, 'Enter the 6-digit code'],
    ['no e-mail', { code: '123456' }, 'Invalid input: expected string, received undefined'],
    ['a bad e-mail', { email: 'x@', code: '123456' }, 'Enter a valid email'],
  ])('rejects %s with 400 and the form message', async (_name, body, message) => {
    const response = await createClient(auth.url).request('/api/login/code', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe(message);
  });

  it("after 10 wrong codes for one account spread over addresses, a new address gets 429 for an hour, but not the member's own", async () => {
    const user = await auth.createUser();
    const home = createClient(auth.url);
    const first = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    expect((await useCode(home, user.email, first.code)).status).toBe(200);
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);

    for (let address = 0; address < 2; address += 1) {
      const stranger = createClient(auth.url);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => useCode(stranger, user.email, wrongCode(code))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(400));
    }
    const blocked = await useCode(createClient(auth.url), user.email, code);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error: 'Too many sign-in attempts for this account. Please wait an hour and try again.',
    });
    // Where the member signed in before (another address of the same network would do too), the code works.
    expect((await useCode(createClient(auth.url, { ip: home.ip }), user.email, code)).status).toBe(200);
  });

  it('gives the addresses the account signed in from before 30 wrong codes an hour in all, however many they are, apart from new addresses', async () => {
    // Someone who once signed in (with a password since changed, say) from four networks.
    const user = await auth.createUser();
    const known: Client[] = [];
    for (let address = 0; address < 4; address += 1) {
      const client = createClient(auth.url);
      const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
      expect((await useCode(client, user.email, code)).status).toBe(200);
      known.push(client);
    }
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);

    for (const client of known.slice(0, 3))
      for (let attempt = 0; attempt < 10; attempt += 1)
        expect((await useCode(client, user.email, wrongCode(code))).status).toBe(400);
    const blocked = await useCode(known[3]!, user.email, code);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error: 'Too many sign-in attempts for this account. Please wait an hour and try again.',
    });
    // New addresses keep their own ceiling.
    expect((await useCode(createClient(auth.url), user.email, code)).status).toBe(200);
  });

  it('allows 30 wrong codes for one account a day from new addresses, however the hours are spread', async () => {
    const user = await auth.createUser();
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    // The service's own limits, over the same counters.
    const limits = createLimits(auth.deps.backends.counters, auth.deps.config.accountHashSecret);
    const account = limits.accountKey(user.email);
    for (let hour = 0; hour < 3; hour += 1) {
      for (let address = 0; address < 2; address += 1) {
        const stranger = createClient(auth.url);
        for (let attempt = 0; attempt < 5; attempt += 1)
          expect((await useCode(stranger, user.email, wrongCode(code))).status).toBe(400);
      }
      // An hour passes: the hourly ceiling starts afresh, the day's does not.
      await limits.signInCodeAttempts.clear(ACCOUNT_HOURLY_BUDGET, account);
    }
    const blocked = await useCode(createClient(auth.url), user.email, code);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({
      error:
        'Too many sign-in attempts for this account today. Use the link in the e-mail, or try again tomorrow.',
    });
  });

  it('allows 30 tries per client in 15 minutes, whatever the address', async () => {
    const client = createClient(auth.url);
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect((await useCode(client, uniqueEmail(), '000000')).status).toBe(400);
    expect((await useCode(client, uniqueEmail(), '000000')).status).toBe(429);
  });

  it('counts every address of one IPv6 /64 as one address', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const statuses: number[] = [];
    for (let host = 1; host <= 31; host += 1) {
      const client = createClient(auth.url, { ip: `${prefix}::${host.toString(16)}` });
      statuses.push((await useCode(client, uniqueEmail(), '000000')).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
    const elsewhere = createClient(auth.url, {
      ip: `2001:db8:ffff:${Math.floor(Math.random() * 0xffff).toString(16)}::1`,
    });
    expect((await useCode(elsewhere, uniqueEmail(), '000000')).status).toBe(400);
  });
});
