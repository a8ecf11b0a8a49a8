import { describe, expect, it } from 'vitest';
import { ORDER_PROCESSING } from '@sleep-ritual/contracts/auth';
import { createAccountToken } from '../src/tokens/account-links.ts';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { createClient, uniqueEmail } from '@sleep-ritual/platform/testing';
import { issueSignInToken } from '../src/tokens/sign-in-tokens.ts';
import { signedRedirectQuery } from '@sleep-ritual/thrivecart/redirect';
import { CHECKOUT_REDIRECT_PASSWORD_WINDOW_MS } from '../src/domain/create-account.ts';
import { setFirstPassword } from '../src/data/users.ts';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
let orderCounter = 0;
const nextOrderId = () => `T${Date.now()}${process.pid}${(orderCounter += 1)}`;

/** A buyer as the worker leaves them: a user (new unless given) and a completed purchase of the order. */
async function provisionedOrder(options: { status?: string; userId?: number; email?: string } = {}) {
  const orderId = nextOrderId();
  const user = options.userId
    ? { id: options.userId, email: options.email! }
    : await auth.createUser({ password: null });
  const [program] = await auth.deps
    .db('programs')
    .insert({ title: 'The 6-Night Sleep Meditation Ritual' })
    .returning('id');
  await auth.deps.db('purchases').insert({
    userId: user.id,
    programId: program.id,
    thriveOrderId: orderId,
    status: options.status ?? 'completed',
  });
  return { orderId, user };
}

/** The success-page query ThriveCart sends after checkout: the nested order array, signed. */
function checkoutRedirect(orderId: string, email: string, key = 'order_id') {
  return signedRedirectQuery(auth.deps.config.thrivecartSecret, {
    account_id: '4821',
    [key]: orderId,
    customer: { email, first_name: 'Ana' },
    order: [{ t: 'product', id: '1', n: 'The 6-Night Sleep Meditation Ritual', p: '3700', q: '1' }],
    purchases: ['product-1'],
  });
}

/** The query of the mailed create-account link. */
function mailedLink(orderId: string, email: string) {
  return new URLSearchParams({
    order_id: orderId,
    token: createAccountToken(auth.deps.config, orderId, email),
  }).toString();
}

async function userRow(id: number) {
  return auth.deps.db('users').where({ id }).first('password', 'emailVerified');
}

function create(client: ReturnType<typeof createClient>, orderId: string, password: string, query?: string) {
  return client.request('/api/create-account', {
    method: 'POST',
    json: { order_id: orderId, password, ...(query === undefined ? {} : { query }) },
  });
}

describe('GET /api/create-account', () => {
  it("answers the checkout's genuine buyer with email, productName, hasAccount, hasPassword", async () => {
    const { orderId, user } = await provisionedOrder();
    const response = await createClient(auth.url).request(
      `/api/create-account?${checkoutRedirect(orderId, user.email)}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email: user.email,
      productName: 'The 6-Night Sleep Meditation Ritual',
      hasAccount: true,
      hasPassword: false,
    });
  });

  it('reads the order id from any of the checkout keys', async () => {
    const { orderId, user } = await provisionedOrder();
    for (const key of ['order_id', 'invoice_id', 'purchase_id']) {
      const response = await createClient(auth.url).request(
        `/api/create-account?${checkoutRedirect(orderId, user.email, key)}`,
      );
      expect(response.status, `thrivecart[${key}]`).toBe(200);
    }
    const token = createAccountToken(auth.deps.config, orderId, user.email);
    for (const key of ['invoice_id', 'purchase_id']) {
      const response = await createClient(auth.url).request(
        `/api/create-account?${key}=${orderId}&token=${token}`,
      );
      expect(response.status, key).toBe(200);
    }
  });

  it('answers 404 "Order Not Found" for an unknown or refunded order, 400 without an id', async () => {
    const unknown = await createClient(auth.url).request('/api/create-account?order_id=NO-SUCH-ORDER');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Order Not Found' });
    const { orderId, user } = await provisionedOrder({ status: 'refunded' });
    expect(
      (await createClient(auth.url).request(`/api/create-account?${mailedLink(orderId, user.email)}`)).status,
    ).toBe(404);
    expect((await createClient(auth.url).request('/api/create-account?foo=bar')).status).toBe(400);
  });

  it('shows the full e-mail to the mailed link', async () => {
    const { orderId, user } = await provisionedOrder();
    const linked = await createClient(auth.url).request(
      `/api/create-account?${mailedLink(orderId, user.email)}`,
    );
    expect(await linked.json()).toMatchObject({ email: user.email, hasPassword: false });
  });

  it('tells a genuine checkout redirect to wait for an order the worker has not provisioned yet, and nobody else', async () => {
    const orderId = nextOrderId();
    const pending = await createClient(auth.url).request(
      `/api/create-account?${checkoutRedirect(orderId, uniqueEmail())}`,
    );
    expect(pending.status).toBe(404);
    expect(await pending.json()).toEqual({ error: ORDER_PROCESSING });
    const bare = await createClient(auth.url).request(`/api/create-account?order_id=${orderId}`);
    expect(await bare.json()).toEqual({ error: 'Order Not Found' });
  });

  it('allows 30 look-ups a minute per address, then answers 429', async () => {
    const client = createClient(auth.url);
    for (let i = 0; i < 30; i += 1) {
      expect((await client.request('/api/create-account?order_id=NOPE')).status).toBe(404);
    }
    expect((await client.request('/api/create-account?order_id=NOPE')).status).toBe(429);
  });
});

describe('POST /api/create-account', () => {
  it("sets the password from the checkout's redirect and signs the buyer in, address not yet verified", async () => {
    const { orderId, user } = await provisionedOrder();
    const client = createClient(auth.url);
    const response = await create(client, orderId, 'sleepy6', checkoutRedirect(orderId, user.email));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, signedIn: true });
    const me = await client.request('/api/user');
    expect(await me.json()).toMatchObject({ email: user.email });
    expect(await userRow(user.id)).toMatchObject({ emailVerified: false });
    const login = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'sleepy6' },
    });
    expect(login.status).toBe(200);
  });

  it('a second attempt through the mailed link gets 409 "Account Already Exists" and does not change the password', async () => {
    const { orderId, user } = await provisionedOrder();
    const first = await create(
      createClient(auth.url),
      orderId,
      'first-pass',
      mailedLink(orderId, user.email),
    );
    expect(first.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ emailVerified: true });
    const again = await create(createClient(auth.url), orderId, 'hijacked', mailedLink(orderId, user.email));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Account Already Exists' });
    const lookup = await createClient(auth.url).request(
      `/api/create-account?${mailedLink(orderId, user.email)}`,
    );
    expect(await lookup.json()).toMatchObject({ hasPassword: true });
    const login = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'first-pass' },
    });
    expect(login.status).toBe(200);
  });

  it("makes the address the account was created from the member's own: strangers who spend the new addresses' budgets do not shut it out", async () => {
    const { orderId, user } = await provisionedOrder();
    const home = createClient(auth.url);
    expect((await create(home, orderId, 'sleepy6', mailedLink(orderId, user.email))).status).toBe(200);
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const useCode = (client: ReturnType<typeof createClient>, guess: string) =>
      client.request('/api/login/code', { method: 'POST', json: { email: user.email, code: guess } });
    for (let address = 0; address < 2; address += 1) {
      const stranger = createClient(auth.url);
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await useCode(stranger, wrong)).status).toBe(400);
    }
    expect((await useCode(createClient(auth.url), code)).status).toBe(429);
    expect((await useCode(createClient(auth.url, { ip: home.ip }), code)).status).toBe(200);
  });

  it('accepts the token of the mailed link, but not a forged one', async () => {
    const { orderId, user } = await provisionedOrder();
    const forged = await create(
      createClient(auth.url),
      orderId,
      'sleepy6',
      `order_id=${orderId}&token=${'x'.repeat(43)}`,
    );
    expect(forged.status).toBe(404);
    const response = await create(
      createClient(auth.url),
      orderId,
      'sleepy6',
      mailedLink(orderId, user.email),
    );
    expect(response.status).toBe(200);
  });

  it('refuses a tampered checkout redirect, and one that names another order', async () => {
    const { orderId, user } = await provisionedOrder();
    const query = checkoutRedirect(orderId, user.email);
    const hash = new URLSearchParams(query).get('thrivecart_hash')!;
    const tampered = query.replace(hash, hash.slice(0, -1) + (hash.endsWith('0') ? '1' : '0'));
    expect((await create(createClient(auth.url), orderId, 'sleepy6', tampered)).status).toBe(404);
    const other = await provisionedOrder();
    const elsewhere = await create(createClient(auth.url), other.orderId, 'sleepy6', query);
    expect(elsewhere.status).toBe(404);
    expect(await userRow(other.user.id)).toMatchObject({ password: null });
  });

  it('validates with the spec message and answers 404 for an unknown order', async () => {
    const short = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: 'X', password: '12345' },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe('Password must be at least 6 characters');
    const unknown = await create(createClient(auth.url), `NOPE-${uniqueEmail()}`, '123456');
    expect(unknown.status).toBe(404);
  });
});

describe('takeover attempts through create-account', () => {
  it("A: an order placed with a member's address neither signs its placer in nor sets the password, nor tells them the account existed", async () => {
    // The victim bought before and has not set a password yet.
    const victim = await provisionedOrder();
    // The attacker pays for their own order with the victim's address; the worker files it under the victim.
    const attack = await provisionedOrder({ userId: victim.user.id, email: victim.user.email });
    const redirect = checkoutRedirect(attack.orderId, victim.user.email);
    // A stranger's order with a new address, for the answers an existing account must not differ from.
    const fresh = await provisionedOrder();
    const freshLookup = await createClient(auth.url).request(
      `/api/create-account?${checkoutRedirect(fresh.orderId, fresh.user.email)}`,
    );

    const attacker = createClient(auth.url);
    const lookup = await attacker.request(`/api/create-account?${redirect}`);
    expect(lookup.status).toBe(200);
    const seen = await lookup.json();
    expect({ ...seen, email: undefined }).toEqual({ ...(await freshLookup.json()), email: undefined });

    const response = await create(attacker, attack.orderId, 'attacker-pass', redirect);
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ signedIn: false });
    expect((await attacker.request('/api/user')).status).toBe(401);
    expect(await userRow(victim.user.id)).toMatchObject({ password: null });
    const login = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: victim.user.email, password: 'attacker-pass' },
    });
    expect(login.status).toBe(401);

    // A member with a password gets exactly the same answers.
    const member = await auth.createUser({ password: 'members-own-pass' });
    const second = await provisionedOrder({ userId: member.id, email: member.email });
    const memberRedirect = checkoutRedirect(second.orderId, member.email);
    expect(await (await attacker.request(`/api/create-account?${memberRedirect}`)).json()).toMatchObject({
      hasAccount: true,
      hasPassword: false,
    });
    const onMember = await create(attacker, second.orderId, 'attacker-pass', memberRedirect);
    expect(await onMember.json()).toEqual(answer);
    expect((await attacker.request('/api/user')).status).toBe(401);
  });

  it('B: a guessed order id reveals nothing and sets nothing', async () => {
    const victim = await provisionedOrder();
    const stranger = createClient(auth.url);
    const guessed = await stranger.request(`/api/create-account?order_id=${victim.orderId}`);
    const unknown = await stranger.request(`/api/create-account?order_id=${nextOrderId()}`);
    expect(guessed.status).toBe(404);
    expect(unknown.status).toBe(404);
    const guessedBody = await guessed.text();
    expect(guessedBody).toBe(await unknown.text());
    expect(guessedBody).not.toContain(victim.user.email.split('@')[1]);
    expect(guessedBody).not.toContain('Meditation');

    const claim = await create(stranger, victim.orderId, 'stolen-pass', `order_id=${victim.orderId}`);
    expect(claim.status).toBe(404);
    expect(await claim.json()).toEqual({ error: 'Order Not Found' });
    const bare = await create(stranger, victim.orderId, 'stolen-pass');
    expect(bare.status).toBe(404);
    expect((await stranger.request('/api/user')).status).toBe(401);
    expect(await userRow(victim.user.id)).toMatchObject({ password: null });
  });

  it("the address's owner takes back an account someone else opened through a checkout redirect, ending their sessions", async () => {
    // Someone orders with an address that has no account yet and sets the password from the redirect.
    const { orderId, user } = await provisionedOrder();
    const squatter = createClient(auth.url);
    const squat = await create(squatter, orderId, 'squatter-pass', checkoutRedirect(orderId, user.email));
    expect(await squat.json()).toMatchObject({ signedIn: true });
    expect((await squatter.request('/api/user')).status).toBe(200);

    // A later purchase for the address: its owner opens the mailed link.
    const later = await provisionedOrder({ userId: user.id, email: user.email });
    const owner = createClient(auth.url);
    const lookup = await owner.request(`/api/create-account?${mailedLink(later.orderId, user.email)}`);
    expect(await lookup.json()).toMatchObject({ email: user.email, hasPassword: false });
    const takeBack = await create(owner, later.orderId, 'owners-pass', mailedLink(later.orderId, user.email));
    expect(takeBack.status).toBe(200);
    expect(await takeBack.json()).toMatchObject({ signedIn: true });
    expect((await owner.request('/api/user')).status).toBe(200);
    expect((await squatter.request('/api/user')).status).toBe(401);
    expect(await userRow(user.id)).toMatchObject({ emailVerified: true });
    const squatterLogin = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'squatter-pass' },
    });
    expect(squatterLogin.status).toBe(401);
    // The first order's link, which the owner also received, works the same way.
    expect(
      (await createClient(auth.url).request(`/api/create-account?${mailedLink(orderId, user.email)}`)).status,
    ).toBe(200);
  });

  it("the owner's e-mailed sign-in ends a claim: the claimer's session dies and their password stops working", async () => {
    // Someone orders with a stranger's address and sets the first password through their own genuine redirect.
    const { orderId, user } = await provisionedOrder();
    const claimer = createClient(auth.url);
    const redirect = checkoutRedirect(orderId, user.email);
    expect(await (await create(claimer, orderId, 'claimers-pass', redirect)).json()).toMatchObject({
      signedIn: true,
    });
    expect((await claimer.request('/api/user')).status).toBe(200);

    // The address's owner signs in by the link mailed to them.
    const owner = createClient(auth.url);
    const { token } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const signIn = await owner.request('/api/login/link/sign-in', { method: 'POST', json: { token } });
    expect(signIn.status).toBe(200);
    // The answer says the password ended, for the screen to tell the member how to set one again.
    expect(await signIn.json()).toMatchObject({ id: user.id, passwordEnded: true });
    const { code } = await issueSignInToken(auth.deps.db, auth.deps.config, user.id);
    const later = await createClient(auth.url).request('/api/login/code', {
      method: 'POST',
      json: { email: user.email, code },
    });
    expect(await later.json()).not.toHaveProperty('passwordEnded');

    expect((await owner.request('/api/user')).status).toBe(200);
    expect((await claimer.request('/api/user')).status).toBe(401);
    const claimersLogin = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'claimers-pass' },
    });
    expect(claimersLogin.status).toBe(401);
    expect(await userRow(user.id)).toEqual({ password: null, emailVerified: true });
    // Their redirect cannot claim the account again, even within its window.
    const again = await create(claimer, orderId, 'claimers-pass', redirect);
    expect(await again.json()).toMatchObject({ signedIn: false });
    expect(await userRow(user.id)).toEqual({ password: null, emailVerified: true });
    // The owner sets a password of their own through the mailed create-account link.
    const own = await create(owner, orderId, 'owners-own-pass', mailedLink(orderId, user.email));
    expect(await own.json()).toMatchObject({ signedIn: true });
  });

  it("a redirect checked just before another order reached the account sets no password (the worker's filing wins the race)", async () => {
    const { orderId, user } = await provisionedOrder();
    // The redirect's checks passed on the first order alone; then the worker filed a second one.
    await provisionedOrder({ userId: user.id, email: user.email });
    expect(await setFirstPassword(auth.deps.db, user.id, orderId, await hashPassword('late-pass'))).toBe(
      false,
    );
    expect(await userRow(user.id)).toMatchObject({ password: null });
    const signIn = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'late-pass' },
    });
    expect(signIn.status).toBe(401);
    // With the order alone on the account, it is set.
    const alone = await provisionedOrder();
    expect(
      await setFirstPassword(auth.deps.db, alone.user.id, alone.orderId, await hashPassword('first-pass')),
    ).toBe(true);
  });

  it('a checkout redirect older than 24 hours cannot set the first password', async () => {
    const { orderId, user } = await provisionedOrder();
    await auth.deps
      .db('purchases')
      .where({ thriveOrderId: orderId })
      .update({ purchasedAt: new Date(Date.now() - CHECKOUT_REDIRECT_PASSWORD_WINDOW_MS - 60_000) });
    const late = createClient(auth.url);
    const response = await create(late, orderId, 'late-pass', checkoutRedirect(orderId, user.email));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ signedIn: false });
    expect((await late.request('/api/user')).status).toBe(401);
    expect(await userRow(user.id)).toMatchObject({ password: null });
  });

  it('a verified password is not replaced by an old mailed link', async () => {
    const member = await auth.createUser({ password: null });
    await auth.deps
      .db('users')
      .where({ id: member.id })
      .update({ password: await hashPassword('verified-pass'), emailVerified: true });
    const order = await provisionedOrder({ userId: member.id, email: member.email });
    const response = await create(
      createClient(auth.url),
      order.orderId,
      'other-pass',
      mailedLink(order.orderId, member.email),
    );
    expect(response.status).toBe(409);
  });
});
