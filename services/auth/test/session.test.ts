import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@sleep-ritual/platform/http/session';
import { clientWithSession, createClient, uniqueEmail } from '@sleep-ritual/platform/testing';
import { useAuthService } from './helpers.ts';
import { endedMark, SIGNED_OUT } from '@sleep-ritual/platform/session-store';

const auth = useAuthService();

describe('POST /api/login', () => {
  it('signs the learner in: /api/user then answers their e-mail', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    const response = await client.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
    const me = await client.request('/api/user');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: user.email });
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    const response = await client.request('/api/login', {
      method: 'POST',
      json: { email: `  ${user.email.toUpperCase()} `, password: user.password },
    });
    expect(response.status).toBe(200);
  });

  it('gives a new session id at sign-in, so an id planted before it is worthless', async () => {
    const user = await auth.createUser();
    // An attacker's anonymous session, planted in the victim's browser.
    const client = await clientWithSession(auth.url, auth.deps, {});
    const planted = client.sessionId;
    await client.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const after = client.cookies.get(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(planted);
    expect(await auth.deps.backends.sessions.getMany([planted])).toEqual([endedMark(SIGNED_OUT)]);
    expect(await auth.deps.backends.sessions.getMany([after!])).not.toEqual([null]);
  });

  it('keeps the session in the session store and only its signed id in an HttpOnly, SameSite=Lax cookie', async () => {
    const user = await auth.createUser();
    const response = await fetch(`${auth.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const cookies = response.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
    expect(session).toMatch(/httponly/i);
    expect(session).toMatch(/samesite=lax/i);
    expect(cookies.some((line) => line.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
    const id = session.split(';')[0]!.split('=')[1]!;
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
    expect(session).not.toContain(user.email);
  });

  it('opens no session when the password ended while it was being checked', async () => {
    const user = await auth.createUser();
    const sessions = auth.deps.backends.sessions;
    const set = sessions.set;
    // An order or an admin's grant ends the password, and signs the account out everywhere, after this
    // sign-in checked it and before its session is stored.
    sessions.set = async (...args) => {
      if (args[3]?.id === user.id) {
        await auth.deps.db('users').where({ id: user.id }).update({ password: null });
        await sessions.endUser(user.id, SIGNED_OUT);
      }
      return set.apply(sessions, args);
    };
    try {
      const client = createClient(auth.url);
      const response = await client.request('/api/login', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid email or password' });
      expect((await client.request('/api/user')).status).toBe(401);
    } finally {
      sessions.set = set;
    }
  });

  it('when the password is wrong, it answers 401 with a JSON error and no session', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    const response = await client.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'nope-nope' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid email or password' });
    expect((await client.request('/api/user')).status).toBe(401);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: uniqueEmail(), password: 'whatever' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid email or password' });
  });

  it('refuses an account that has no password yet (bought, but not created)', async () => {
    const user = await auth.createUser({ password: null });
    const response = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: '' },
    });
    expect(response.status).toBe(400);
    const second = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'anything' },
    });
    expect(second.status).toBe(401);
  });

  it('validates with the spec messages', async () => {
    const client = createClient(auth.url);
    const badEmail = await client.request('/api/login', {
      method: 'POST',
      json: { email: 'not-an-email', password: 'x' },
    });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error).toBe('Enter a valid email');
    const noPassword = await client.request('/api/login', { method: 'POST', json: { email: uniqueEmail() } });
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).error).toBe('Password is required');
  });

  it('after 10 failed sign-ins for one account from one address, even the right password gets 429 there for a while', async () => {
    const user = await auth.createUser();
    const stranger = createClient(auth.url);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await stranger.request('/api/login', {
        method: 'POST',
        json: { email: user.email, password: `wrong-${attempt}` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await stranger.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toEqual({
      error: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
    // The stranger's failures do not lock the owner out from their own address.
    const owner = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(owner.status).toBe(200);
  });

  it('counts before checking the password: 60 concurrent wrong tries from one address are checked at most 10 times', async () => {
    const user = await auth.createUser();
    const stranger = createClient(auth.url);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, attempt) =>
        stranger.request('/api/login', {
          method: 'POST',
          json: { email: user.email, password: `wrong-${attempt}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // Every 401 is a password that was checked; every other attempt was refused before the check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
  });

  it('after 100 failed sign-ins for one account spread over many addresses, even the right password gets 429 for a while', async () => {
    const user = await auth.createUser();
    for (let address = 0; address < 10; address += 1) {
      const client = createClient(auth.url);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, attempt) =>
          client.request('/api/login', {
            method: 'POST',
            json: { email: user.email, password: `wrong-${address}-${attempt}` },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    }
    const blocked = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toEqual({
      error: 'Too many sign-in attempts for this account. Please wait an hour and try again.',
    });
  }, 60_000);

  it("a stranger who spends the account's ceiling does not shut the member out where they signed in before", async () => {
    const user = await auth.createUser();
    const password = user.password!;
    const home = createClient(auth.url);
    const signIn = (client: ReturnType<typeof createClient>, guess: string) =>
      client.request('/api/login', { method: 'POST', json: { email: user.email, password: guess } });
    expect((await signIn(home, password)).status).toBe(200);
    for (let address = 0; address < 10; address += 1) {
      const stranger = createClient(auth.url);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => signIn(stranger, `wrong-${n}`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    }
    // Anywhere new, the account's ceiling holds: the stranger cannot go on guessing.
    expect((await signIn(createClient(auth.url), password)).status).toBe(429);
    // From home (the same network: another address of its IPv6 /64 would do too), the member gets in.
    expect((await signIn(createClient(auth.url, { ip: home.ip }), password)).status).toBe(200);
  }, 60_000);

  it('counts every address of one IPv6 /64 as one address', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const statuses: number[] = [];
    // 21 requests for a reset link, each from another address of the same /64 (20 an hour per address).
    for (let host = 1; host <= 21; host += 1) {
      const client = createClient(auth.url, { ip: `${prefix}::${host.toString(16)}` });
      const response = await client.request('/api/forgot-password', {
        method: 'POST',
        json: { email: uniqueEmail() },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // Another /64, and an IPv4 address, are not affected.
    for (const ip of [`2001:db8:ffff:${Math.floor(Math.random() * 0xffff).toString(16)}::1`, undefined]) {
      const other = await createClient(auth.url, { ip }).request('/api/forgot-password', {
        method: 'POST',
        json: { email: uniqueEmail() },
      });
      expect(other.status).toBe(200);
    }
  });

  it('after 100 failed sign-ins from one address, that address gets 429', async () => {
    const client = createClient(auth.url);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const response = await client.request('/api/login', {
        method: 'POST',
        json: { email: uniqueEmail(), password: 'wrong' },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await client.request('/api/login', {
      method: 'POST',
      json: { email: uniqueEmail(), password: 'x' },
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: uniqueEmail(), password: 'x' },
    });
    expect(elsewhere.status).toBe(401);
  }, 60_000);
});

describe('POST /api/logout', () => {
  it('destroys the session in Redis: the old cookie no longer signs anyone in', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    await client.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const stolen = new Map(client.cookies);
    const sessionId = stolen.get(SESSION_COOKIE)!;

    const response = await client.request('/api/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await auth.deps.backends.sessions.getMany([sessionId])).toEqual([endedMark(SIGNED_OUT)]);
    expect((await client.request('/api/user')).status).toBe(401);

    const replay = createClient(auth.url);
    for (const [name, value] of stolen) replay.cookies.set(name, value);
    expect((await replay.request('/api/user')).status).toBe(401);
  });
});

describe('cross-site protection', () => {
  it('refuses a sign-in posted from another site', async () => {
    const user = await auth.createUser();
    const response = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: user.email, password: user.password },
    });
    expect(response.status).toBe(403);
  });

  it('accepts requests from the app origin', async () => {
    const user = await auth.createUser();
    const response = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      headers: { origin: 'http://localhost:8080' },
      json: { email: user.email, password: user.password },
    });
    expect(response.status).toBe(200);
  });
});

describe('the signed-in hint for the sales pages', () => {
  it('is a readable cookie set at sign-in and cleared at logout, holding nothing secret', async () => {
    const user = await auth.createUser();
    const client = createClient(auth.url);
    const login = await client.request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: user.password },
    });
    const hint = login.headers.getSetCookie().find((line) => line.startsWith('sr_signed_in='))!;
    expect(hint).toMatch(/^sr_signed_in=1;/);
    expect(hint).not.toMatch(/httponly/i);
    expect(client.cookies.get('sr_signed_in')).toBe('1');

    await client.request('/api/logout', { method: 'POST' });
    expect(client.cookies.has('sr_signed_in')).toBe(false);
  });
});
