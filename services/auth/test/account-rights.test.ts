import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deletedEmailHash } from '../src/data/deleted-accounts.ts';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { issueSignInToken } from '../src/tokens/sign-in-tokens.ts';
import { createCourse } from '@sleep-ritual/learning/testing-catalog';
import { clientWithSession, createClient, uniqueEmail } from '@sleep-ritual/platform/testing';
import { signedRedirectQuery } from '@sleep-ritual/thrivecart/redirect';
import { ADDRESS_NOT_PROVEN_TO_DELETE, ADDRESS_NOT_PROVEN_TO_EXPORT } from '@sleep-ritual/contracts/auth';
import { ACCOUNT_DELETED } from '@sleep-ritual/contracts/signed-in-hint';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
const { db } = auth.deps;
const PASSWORD = 'correct horse battery';

/** A member with a bit of everything: names, an order, progress, a reminder, tokens; signed in. */
async function member(options: { password?: string | null } = {}) {
  const email = uniqueEmail('rights');
  const password = options.password === undefined ? PASSWORD : options.password;
  const [user] = await db('users')
    .insert({
      email,
      firstName: 'Maya',
      lastName: 'Lind',
      password: password ? await hashPassword(password) : null,
      emailVerified: true,
    })
    .returning('id');
  const userId = user.id as number;
  await freshAccountCounters(userId);
  const course = await createCourse(db);
  const orderId = `R-${randomUUID()}`;
  await db('purchases').insert({
    userId,
    programId: course.programId,
    thriveOrderId: orderId,
    status: 'completed',
    grantingItems: ['product-7'],
  });
  await db('user_progress').insert({
    userId,
    classId: course.classId,
    percentWatched: 40,
    maxPositionSec: 300,
  });
  await db('sleep_check_ins').insert({
    user_id: userId,
    class_id: course.classId,
    answer: 'during',
    quality: 4,
  });
  await db('bedtime_reminders').insert({
    userId,
    enabled: true,
    localTime: '21:30',
    timeZone: 'Europe/Oslo',
  });
  await db('password_reset_tokens').insert({
    userId,
    token: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000),
  });
  const client = createClient(auth.url);
  if (password) {
    const login = await client.request('/api/login', { method: 'POST', json: { email, password } });
    expect(login.status).toBe(200);
  } else {
    const { code } = await issueSignInToken(db, auth.deps.config, userId);
    expect((await client.request('/api/login/code', { method: 'POST', json: { email, code } })).status).toBe(
      200,
    );
  }
  return { userId, email, orderId, course, client };
}

/** The query of an order's signed checkout success redirect, as the create-account page gets it. */
const checkoutRedirect = (orderId: string, email: string) =>
  signedRedirectQuery(auth.deps.config.thrivecartSecret, {
    order_id: orderId,
    customer: { email, first_name: 'Maya' },
    order: [{ t: 'product', id: '7', n: 'The 6-Night Sleep Meditation Ritual', p: '4700', q: '1' }],
    purchases: ['product-7'],
  });

const deleteAccount = (client: ReturnType<typeof createClient>, body: unknown) =>
  client.request('/api/account', { method: 'DELETE', json: body });

describe('GET /api/account/export', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await createClient(auth.url).request('/api/account/export');
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBeTruthy();
  });

  it('downloads a dated JSON file of the profile, purchases, progress and reminder settings', async () => {
    const { client, email, orderId, course, userId } = await member();
    // A payment plan's failed instalment, an order of theirs waiting on a mapping, an admin's action.
    const failedAt = new Date('2026-11-20T08:00:00Z');
    await db('purchases')
      .where({ thriveOrderId: orderId })
      .update({ paymentFailedAt: failedAt, graceEndsAt: new Date('2026-11-27T08:00:00Z') });
    await db('orders_awaiting_mapping').insert({ thriveOrderId: `${orderId}-2`, item: 'bump-4', email });
    await db('admin_audit_log').insert({
      action: 'resend-welcome',
      memberId: userId,
      details: JSON.stringify({ email }),
      adminSessionId: 'digest-of-an-admin-session',
      ip: '203.0.113.9',
    });
    const response = await client.request('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="sleep-ritual-my-data-${today}.json"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const data = await response.json();
    expect(data.profile).toMatchObject({
      email,
      username: null,
      firstName: 'Maya',
      lastName: 'Lind',
      emailVerified: true,
    });
    expect(Date.parse(data.profile.createdAt)).not.toBeNaN();
    expect(data.purchases).toEqual([
      expect.objectContaining({
        orderId,
        items: ['product-7'],
        status: 'completed',
        refundedItems: [],
        paymentFailedAt: failedAt.toISOString(),
        graceEndsAt: '2026-11-27T08:00:00.000Z',
      }),
    ]);
    expect(data.ordersAwaitingMapping).toEqual([
      { orderId: `${orderId}-2`, item: 'bump-4', receivedAt: expect.any(String) },
    ]);
    expect(data.adminActions).toEqual([
      { action: 'resend-welcome', at: expect.any(String), details: { email } },
    ]);
    expect(JSON.stringify(data)).not.toMatch(/digest-of-an-admin-session|203\.0\.113\.9/);
    expect(data.data.progress).toEqual([
      expect.objectContaining({ classId: course.classId, percentWatched: 40, maxPositionSec: 300 }),
    ]);
    expect(data.data.sleepCheckIns).toEqual([
      expect.objectContaining({ class_id: course.classId, answer: 'during', quality: 4 }),
    ]);
    expect(data.data.bedtimeReminder).toEqual([
      expect.objectContaining({ enabled: true, localTime: '21:30', timeZone: 'Europe/Oslo' }),
    ]);
  });

  it('never carries a password hash, a token or a session', async () => {
    const { client, userId } = await member();
    const text = await (await client.request('/api/account/export')).text();
    const user = await db('users').where({ id: userId }).first('password');
    const token = await db('password_reset_tokens').where({ userId }).first('token');
    expect(text).not.toContain(user.password);
    expect(text).not.toContain(token.token);
    expect(text).not.toMatch(/"password"|"token"|"codeHash"|sr_session/);
    expect(text).not.toContain(client.cookies.get('sr_session'));
  });

  it('allows 20 downloads an hour', async () => {
    const { client } = await member();
    for (let i = 0; i < 20; i += 1) expect((await client.request('/api/account/export')).status).toBe(200);
    expect((await client.request('/api/account/export')).status).toBe(429);
  });
});

describe('DELETE /api/account', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await deleteAccount(createClient(auth.url), { password: PASSWORD })).status).toBe(401);
  });

  it('with a wrong password answers 403 and changes nothing', async () => {
    const { client, userId, email } = await member();
    const response = await deleteAccount(client, { password: 'not the password' });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe('That password is not right. Your account is unchanged.');
    expect((await client.request('/api/user')).status).toBe(200);
    expect(await db('users').where({ id: userId }).first('email', 'deletedAt')).toEqual({
      email,
      deletedAt: null,
    });
    expect(await db('user_progress').where({ userId })).toHaveLength(1);
    expect(await db('bedtime_reminders').where({ userId })).toHaveLength(1);
  });

  it.each([
    ['no body', undefined],
    ['an empty password', { password: '' }],
    ['both a password and a code', { password: PASSWORD, code: '123456' }],
    ['a code of letters', { code: 'abcdef' }],
    ['something else', { confirm: true }],
  ])('rejects %s with 400 and changes nothing', async (_name, body) => {
    const { client, userId } = await member();
    const response = await deleteAccount(client, body);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBeTruthy();
    expect(await db('users').where({ id: userId }).first('deletedAt')).toEqual({ deletedAt: null });
  });

  it('deletes the account: sessions end, personal data goes, orders stay without the address', async () => {
    const { client, userId, email, orderId } = await member();
    const otherDevice = createClient(auth.url);
    await otherDevice.request('/api/login', { method: 'POST', json: { email, password: PASSWORD } });
    // An upsell of their order, and another order of theirs, both waiting on a mapping.
    const waitingOrderId = `${orderId}9`;
    await db('orders_awaiting_mapping').insert([
      { thriveOrderId: orderId, item: 'bump-1', email },
      { thriveOrderId: waitingOrderId, item: 'product-9', email: email.toUpperCase() },
    ]);

    const response = await deleteAccount(client, { password: PASSWORD });
    expect(response.status).toBe(204);
    expect((await client.request('/api/user')).status).toBe(401);
    expect((await otherDevice.request('/api/user')).status).toBe(401);
    const login = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    expect(login.status).toBe(401);

    const row = await db('users').where({ id: userId }).first();
    expect(row).toMatchObject({ password: null, firstName: null, lastName: null });
    expect(row.email).not.toContain(email.split('@')[0]);
    expect(row.deletedAt).not.toBeNull();
    for (const table of ['user_progress', 'bedtime_reminders', 'password_reset_tokens', 'sign_in_tokens'])
      expect(await db(table).where({ userId }), table).toEqual([]);
    expect(await db('sleep_check_ins').where({ user_id: userId })).toEqual([]);
    expect(await db('purchases').where({ thriveOrderId: orderId }).select('userId')).toEqual([{ userId }]);
    expect(await db('orders_awaiting_mapping').whereIn('thriveOrderId', [orderId, waitingOrderId])).toEqual(
      [],
    );

    const tombstone = await db('deleted_accounts').whereRaw('? = any("thriveOrderIds")', [orderId]).first();
    expect(tombstone.emailHash).toBe(deletedEmailHash(auth.deps.config, email));
    expect(tombstone.thriveOrderIds.sort()).toEqual([orderId, waitingOrderId].sort());
    expect(JSON.stringify(tombstone)).not.toContain(email);

    const audit = await db('admin_audit_log').where({ memberId: userId });
    expect(audit.map((entry) => entry.action)).toEqual(['self-delete-account']);
    expect(JSON.stringify(audit)).not.toContain(email);
  });

  it('deletes nothing while the sessions cannot be ended, so no device stays signed in to a deleted account', async () => {
    const { client, userId, email } = await member();
    const otherDevice = createClient(auth.url);
    await otherDevice.request('/api/login', { method: 'POST', json: { email, password: PASSWORD } });
    // The session store fails once, after the request's own session was read: a Redis blip.
    const { sessions } = auth.deps.backends;
    const endUser = sessions.endUser;
    sessions.endUser = async () => {
      sessions.endUser = endUser;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    };

    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(503);
    expect(await db('users').where({ id: userId }).first('email', 'deletedAt')).toEqual({
      email,
      deletedAt: null,
    });
    expect((await otherDevice.request('/api/user')).status).toBe(200);

    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(204);
    expect((await otherDevice.request('/api/user')).status).toBe(401);
    expect((await db('users').where({ id: userId }).first('deletedAt')).deletedAt).not.toBeNull();
  });

  it("tells the member's other devices that the account was deleted, for as long as they keep the cookie, and no device signed out otherwise", async () => {
    const { client, userId, email } = await member();
    const otherDevice = createClient(auth.url);
    await otherDevice.request('/api/login', { method: 'POST', json: { email, password: PASSWORD } });
    const signedOut = createClient(auth.url);
    await signedOut.request('/api/login', { method: 'POST', json: { email, password: PASSWORD } });
    await signedOut.request('/api/logout', { method: 'POST' });

    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(204);
    for (const attempt of [1, 2]) {
      const answer = await otherDevice.request('/api/user');
      expect(answer.status, `attempt ${attempt}`).toBe(401);
      expect((await answer.json()).error).toBe(ACCOUNT_DELETED);
    }
    // The device that signed out before, and one never signed in, hear only that nobody is signed in.
    for (const device of [signedOut, createClient(auth.url)]) {
      const answer = await device.request('/api/user');
      expect(answer.status).toBe(401);
      expect((await answer.json()).error).toBe('Not signed in');
    }
    // A session a request saved again while the account went still names the member: it is told too.
    const keptAlive = await clientWithSession(auth.url, auth.deps, { userId });
    for (const attempt of [1, 2]) {
      const answer = await keptAlive.request('/api/user');
      expect((await answer.json()).error, `attempt ${attempt}`).toBe(ACCOUNT_DELETED);
    }
    // Signing in on the device ends the mark with the old session.
    const someoneElse = await member();
    expect(
      (
        await otherDevice.request('/api/login', {
          method: 'POST',
          json: { email: someoneElse.email, password: PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect((await (await otherDevice.request('/api/user')).json()).email).toBe(someoneElse.email);
    const [stored] = await auth.deps.backends.sessions.getMany([otherDevice.cookies.get('sr_session')!]);
    expect(JSON.parse(stored!)).not.toHaveProperty('endedBy');
    // So does an admin's sign-in there: nobody is signed in as a learner, and nothing says deleted.
    await keptAlive.request('/api/admin/auth', {
      method: 'POST',
      json: { password: auth.deps.config.adminPassword },
    });
    const afterAdmin = await keptAlive.request('/api/user');
    expect((await afterAdmin.json()).error).toBe('Not signed in');
  });

  it('removes the address from earlier admin actions on the member', async () => {
    const { client, userId, email } = await member();
    await db('admin_audit_log').insert({
      action: 'send-password-reset',
      memberId: userId,
      details: JSON.stringify({ jobId: '7', to: email }),
      adminSessionId: 'digest',
    });
    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(204);
    const entries = await db('admin_audit_log').where({ memberId: userId, action: 'send-password-reset' });
    expect(entries[0].details).toEqual({ jobId: '7', to: '(address removed)' });
  });

  it("takes the member's ignored test orders off the Orders screen's list, and nobody else's", async () => {
    const { client, email } = await member();
    const someoneElse = uniqueEmail('rights-other');
    const testOrder = (orderId: string, address: string) => ({
      queuePrefix: 'rights-test',
      order: JSON.stringify({ orderId, email: address, event: 'order.success', receivedAt: '2026-11-20' }),
    });
    await db('ignored_test_orders').insert([
      testOrder(`T-${randomUUID()}`, email.toUpperCase()),
      testOrder(`T-${randomUUID()}`, someoneElse),
    ]);

    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(204);
    const left = await db('ignored_test_orders').whereRaw(`"order"->>'email' in (?, ?)`, [
      email.toUpperCase(),
      someoneElse,
    ]);
    expect(left.map((row) => row.order.email)).toEqual([someoneElse]);
  });

  it('a member without a password confirms with a fresh sign-in code', async () => {
    const { client, userId } = await member({ password: null });
    const wrong = await deleteAccount(client, { code: '000000' });
    expect(wrong.status).toBe(403);
    expect(await db('users').where({ id: userId }).first('deletedAt')).toEqual({ deletedAt: null });

    const { code } = await issueSignInToken(db, auth.deps.config, userId);
    expect((await deleteAccount(client, { code })).status).toBe(204);
    expect((await client.request('/api/user')).status).toBe(401);
  });

  it("the order's checkout redirect sets up nothing again once the account is deleted", async () => {
    const { client, userId, email, orderId } = await member({ password: null });
    const { code } = await issueSignInToken(db, auth.deps.config, userId);
    expect((await deleteAccount(client, { code })).status).toBe(204);

    // The order's own success redirect, reopened within the day a redirect may set a first password.
    const query = checkoutRedirect(orderId, email);
    const browser = createClient(auth.url);
    const lookUp = await browser.request(`/api/create-account?${query}`);
    expect(lookUp.status).toBe(404);
    expect(await lookUp.json()).toMatchObject({ error: 'Order Not Found' });
    const created = await browser.request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: PASSWORD, query },
    });
    expect(created.status).toBe(404);
    expect(await created.json()).toMatchObject({ error: 'Order Not Found' });
    expect((await browser.request('/api/user')).status).toBe(401);
    expect(await db('users').where({ id: userId }).first('password')).toEqual({ password: null });
  });

  it('counts a wrong code here as one at sign-in: the same budgets stop both', async () => {
    const { client, userId, email } = await member({ password: null });
    const { code } = await issueSignInToken(db, auth.deps.config, userId);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const signIn = await client.request('/api/login/code', {
        method: 'POST',
        json: { email, code: wrong },
      });
      expect(signIn.status).toBe(400);
      expect((await deleteAccount(client, { code: wrong })).status).toBe(403);
    }
    const blocked = await deleteAccount(client, { code });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect(await db('users').where({ id: userId }).first('deletedAt')).toEqual({ deletedAt: null });
  });

  it('a member without a password cannot confirm with any password', async () => {
    const { client } = await member({ password: null });
    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(403);
  });

  it('allows 10 attempts an hour', async () => {
    const { client } = await member();
    for (let i = 0; i < 10; i += 1)
      expect((await deleteAccount(client, { password: 'wrong' })).status).toBe(403);
    expect((await deleteAccount(client, { password: PASSWORD })).status).toBe(429);
  });
});

describe('a member whose password nobody proved the address for (set through a checkout redirect)', () => {
  /**
   * An order the worker filed under a new address, whose password was set from the order's own signed
   * success redirect (by whoever typed the address at checkout); that browser is signed in.
   */
  async function redirectMember() {
    const email = uniqueEmail('claimed');
    const [user] = await db('users').insert({ email }).returning('id');
    const userId = user.id as number;
    await freshAccountCounters(userId);
    const course = await createCourse(db);
    const orderId = `C-${randomUUID()}`;
    await db('purchases').insert({
      userId,
      programId: course.programId,
      thriveOrderId: orderId,
      status: 'completed',
    });
    const query = checkoutRedirect(orderId, email);
    const client = createClient(auth.url);
    const created = await client.request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: PASSWORD, query },
    });
    expect(await created.json()).toMatchObject({ signedIn: true });
    return { userId, email, orderId, client };
  }

  it('cannot download the data: 403 with what to do instead, and no data', async () => {
    const { client, email } = await redirectMember();
    const response = await client.request('/api/account/export');
    expect(response.status).toBe(403);
    expect(response.headers.get('content-disposition')).toBeNull();
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: ADDRESS_NOT_PROVEN_TO_EXPORT });
    expect(text).not.toContain(email);
  });

  it('cannot delete the account with that password: 403 with what to do instead, and nothing changes', async () => {
    const { client, userId, email, orderId } = await redirectMember();
    const response = await deleteAccount(client, { password: PASSWORD });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: ADDRESS_NOT_PROVEN_TO_DELETE });
    expect(await db('users').where({ id: userId }).first('email', 'deletedAt')).toEqual({
      email,
      deletedAt: null,
    });
    expect(await db('deleted_accounts').whereRaw('? = any("thriveOrderIds")', [orderId])).toEqual([]);
    expect((await client.request('/api/user')).status).toBe(200);
  });

  it('deletes the account with the code of a fresh sign-in e-mail, as a member without a password does', async () => {
    const { client, userId } = await redirectMember();
    const { code } = await issueSignInToken(db, auth.deps.config, userId);
    expect((await deleteAccount(client, { code })).status).toBe(204);
    expect(await db('users').where({ id: userId }).first('deletedAt')).not.toEqual({ deletedAt: null });
  });

  it('downloads the data once the member signed in with the e-mailed code', async () => {
    const { userId, email } = await redirectMember();
    const { code } = await issueSignInToken(db, auth.deps.config, userId);
    const owner = createClient(auth.url);
    expect((await owner.request('/api/login/code', { method: 'POST', json: { email, code } })).status).toBe(
      200,
    );
    const response = await owner.request('/api/account/export');
    expect(response.status).toBe(200);
    expect((await response.json()).profile).toMatchObject({ email, emailVerified: true });
  });
});

/**
 * The suites share one Redis across test databases, whose user ids repeat: a new member starts with
 * none of the per-account counters an earlier run left under the same id.
 */
async function freshAccountCounters(userId: number) {
  for (const name of ['delete-account-user', 'export-account-user'])
    await auth.deps.backends.counters.clear(`rate:${name}:${userId}`);
}
