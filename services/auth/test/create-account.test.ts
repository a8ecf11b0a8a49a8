import { describe, expect, it } from 'vitest';
import { createAccountToken } from '@sleep-ritual/platform/account-links';
import { createClient, uniqueEmail } from '@sleep-ritual/platform/testing';
import { thrivecartHash } from '../src/domain/orders.ts';
import { useAuthService } from './helpers.ts';

const auth = useAuthService();
let orderCounter = 0;

/** A buyer as the worker leaves them: a user without a password and a completed purchase. */
async function provisionedOrder(options: { hoursAgo?: number; status?: string } = {}) {
  orderCounter += 1;
  const orderId = `T${Date.now()}${process.pid}${orderCounter}`;
  const user = await auth.createUser({ password: null });
  const [program] = await auth.deps
    .db('programs')
    .insert({ title: 'The 6-Night Sleep Meditation Ritual' })
    .returning('id');
  await auth.deps.db('purchases').insert({
    userId: user.id,
    programId: program.id,
    thriveOrderId: orderId,
    status: options.status ?? 'completed',
    purchasedAt: new Date(Date.now() - (options.hoursAgo ?? 0) * 3_600_000),
  });
  return { orderId, user };
}

describe('GET /api/create-account', () => {
  it('looks the order up and answers email, productName, hasAccount, hasPassword', async () => {
    const { orderId, user } = await provisionedOrder();
    const response = await createClient(auth.url).request(`/api/create-account?order_id=${orderId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      email: user.email,
      productName: 'The 6-Night Sleep Meditation Ritual',
      hasAccount: true,
      hasPassword: false,
    });
  });

  it('reads the order id from any of the checkout keys', async () => {
    const { orderId } = await provisionedOrder();
    for (const key of [
      'thrivecart[order_id]',
      'thrivecart[invoice_id]',
      'thrivecart[purchase_id]',
      'invoice_id',
      'purchase_id',
    ]) {
      const response = await createClient(auth.url).request(
        `/api/create-account?${encodeURIComponent(key)}=${orderId}`,
      );
      expect(response.status, key).toBe(200);
    }
  });

  it('answers 404 "Order Not Found" for an unknown or refunded order, 400 without an id', async () => {
    const unknown = await createClient(auth.url).request('/api/create-account?order_id=NO-SUCH-ORDER');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Order Not Found' });
    const { orderId } = await provisionedOrder({ status: 'refunded' });
    expect((await createClient(auth.url).request(`/api/create-account?order_id=${orderId}`)).status).toBe(
      404,
    );
    expect((await createClient(auth.url).request('/api/create-account?foo=bar')).status).toBe(400);
  });

  it('masks the e-mail of an old order looked up without the mailed token', async () => {
    const { orderId, user } = await provisionedOrder({ hoursAgo: 5 });
    const bare = await createClient(auth.url).request(`/api/create-account?order_id=${orderId}`);
    expect((await bare.json()).email).toBe(`${user.email[0]}***@test.example`);
    const token = createAccountToken(auth.deps.config, orderId, user.email);
    const linked = await createClient(auth.url).request(
      `/api/create-account?order_id=${orderId}&token=${token}`,
    );
    expect((await linked.json()).email).toBe(user.email);
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
  it('sets the password of a fresh order and signs the buyer in', async () => {
    const { orderId, user } = await provisionedOrder();
    const client = createClient(auth.url);
    const response = await client.request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'sleepy6' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    const me = await client.request('/api/user');
    expect(await me.json()).toMatchObject({ email: user.email });
    const login = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'sleepy6' },
    });
    expect(login.status).toBe(200);
  });

  it('a second attempt gets 409 "Account Already Exists" and does not change the password', async () => {
    const { orderId, user } = await provisionedOrder();
    await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'first-pass' },
    });
    const again = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'hijacked' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Account Already Exists' });
    const lookup = await createClient(auth.url).request(`/api/create-account?order_id=${orderId}`);
    expect(await lookup.json()).toMatchObject({ hasPassword: true });
    const login = await createClient(auth.url).request('/api/login', {
      method: 'POST',
      json: { email: user.email, password: 'first-pass' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a bare order id once the order is no longer fresh (ids are guessable)', async () => {
    const { orderId } = await provisionedOrder({ hoursAgo: 3 });
    const response = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'guessed!' },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/link has expired/);
  });

  it('accepts an old order with the token of the mailed link, but not a forged one', async () => {
    const { orderId, user } = await provisionedOrder({ hoursAgo: 48 });
    const forged = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'sleepy6', token: 'x'.repeat(43) },
    });
    expect(forged.status).toBe(403);
    const token = createAccountToken(auth.deps.config, orderId, user.email);
    const response = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'sleepy6', token },
    });
    expect(response.status).toBe(200);
  });

  it("accepts an old order with the checkout's signed redirect (thrivecart_hash)", async () => {
    const { orderId } = await provisionedOrder({ hoursAgo: 48 });
    const thrivecart = { order_id: orderId, customer_email: 'x@example.com', product_id: '1' };
    const valid = thrivecartHash(auth.deps.config.thrivecartSecret, thrivecart);
    const tampered = valid.slice(0, -1) + (valid.endsWith('0') ? '1' : '0');
    const wrong = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'sleepy6', thrivecart, thrivecart_hash: tampered },
    });
    expect(wrong.status).toBe(403);
    const response = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: orderId, password: 'sleepy6', thrivecart, thrivecart_hash: valid },
    });
    expect(response.status).toBe(200);
  });

  it('validates with the spec message and answers 404 for an unknown order', async () => {
    const short = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: 'X', password: '12345' },
    });
    expect(short.status).toBe(400);
    expect((await short.json()).error).toBe('Password must be at least 6 characters');
    const unknown = await createClient(auth.url).request('/api/create-account', {
      method: 'POST',
      json: { order_id: `NOPE-${uniqueEmail()}`, password: '123456' },
    });
    expect(unknown.status).toBe(404);
  });
});
