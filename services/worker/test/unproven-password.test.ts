import { randomInt, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import { ORDER_PROCESSING } from '@sleep-ritual/contracts/auth';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { orderForgetter } from '@sleep-ritual/jobs/forget-orders';
import { enqueuePurchase } from '@sleep-ritual/jobs/purchases';
import {
  createClient,
  createTestDeps,
  eventually,
  listen,
  uniqueEmail,
} from '@sleep-ritual/platform/testing';
import { parseBracketedForm } from '@sleep-ritual/thrivecart/bracketed-form';
import { signedRedirectQuery } from '@sleep-ritual/thrivecart/redirect';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { purchaseEventSchema } from '@sleep-ritual/thrivecart/webhook';
import { startConsumers } from '../src/consumers.ts';
import { linkIn, waitForMailTo } from '../src/outbox.ts';
import { createMappedProgram, openTestQueues, uniqueQueuePrefix } from '../src/testing.ts';

/**
 * A password set through a checkout redirect proves only that its setter placed that order, not that the
 * address is theirs. When the worker files a later order under the same address, that password and its
 * sessions end, and the address's owner takes the account with the mailed create-account link. The auth
 * service in-process, the worker's consumers on the real queue, e-mails through nodemailer to an outbox.
 */

const deps = createTestDeps({
  QUEUE_PREFIX: uniqueQueuePrefix('unproven'),
  OUTBOX_DIR: path.join(tmpdir(), `unproven-outbox-${randomUUID()}`),
});
const secret = deps.config.thrivecartSecret;
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let consumers: ReturnType<typeof startConsumers>;
let auth: Awaited<ReturnType<typeof listen>>;
let ritual: { programId: number; item: string };

beforeAll(async () => {
  queues = await openTestQueues(deps.config, deps.config.queuePrefix);
  consumers = startConsumers(deps);
  auth = await listen(
    createAuthApp({
      ...deps,
      sendEmail: async (email) => {
        await enqueueEmail(queues.emails, email);
      },
      forgetOrders: orderForgetter(queues),
    }),
  );
  ritual = await createMappedProgram(deps.db, { title: 'The 6-Night Sleep Meditation Ritual' });
});
afterAll(async () => {
  await auth.close();
  await consumers.close();
  await queues.dispose();
  await rm(deps.config.outboxDir, { recursive: true, force: true });
  await deps.close();
});

const orderId = () => `${Date.now()}${randomInt(100_000, 999_999)}`;

/** The checkout's webhook for the order, form-encoded with bracketed keys, as the receiver queues it. */
async function checkoutPays(email: string, id: string) {
  const body = formBody(thrivecartOrderFields({ secret, orderId: id, email, items: [ritual.item] }));
  await enqueuePurchase(queues.purchases, purchaseEventSchema.parse(parseBracketedForm(body)));
}

/** The success page ThriveCart sends the buyer to: the nested order array, signed. */
function checkoutRedirect(email: string, id: string) {
  return signedRedirectQuery(secret, {
    account_id: '4821',
    order_id: id,
    customer: { email, first_name: 'Sam' },
    order: [{ t: 'product', id: '1', n: 'The 6-Night Sleep Meditation Ritual', p: '4700', q: '1' }],
    purchases: [ritual.item],
  });
}

/** The create-account e-mail of this order, once the worker has sent it. */
async function createAccountMail(email: string, id: string) {
  const mail = await waitForMailTo(deps.config.outboxDir, email, {
    matching: (each) => linkIn(each, '/create-account')?.searchParams.get('order_id') === id,
  });
  return linkIn(mail, '/create-account')!;
}

type Client = ReturnType<typeof createClient>;

const createAccount = (client: Client, id: string, password: string, query: string) =>
  client.request('/api/create-account', { method: 'POST', json: { order_id: id, password, query } });

const logIn = (client: Client, email: string, password: string) =>
  client.request('/api/login', { method: 'POST', json: { email, password } });

const provisioned = (id: string) =>
  eventually(async () => (await deps.db('purchases').where({ thriveOrderId: id }).first('userId')) ?? false, {
    what: `order ${id} provisioned`,
  });

describe('a later order for an address whose password was set through a checkout redirect', () => {
  it("ends that password and every session of it; the address's owner takes the account with the mailed link", async () => {
    const email = uniqueEmail('victim');
    // A stranger pays with the victim's address and sets the password from their own signed redirect.
    const first = orderId();
    await checkoutPays(email, first);
    await createAccountMail(email, first);
    const stranger = createClient(auth.url);
    const claimed = await createAccount(stranger, first, 'strangers-pass', checkoutRedirect(email, first));
    expect(await claimed.json()).toMatchObject({ signedIn: true });
    const strangerElsewhere = createClient(auth.url);
    expect((await logIn(strangerElsewhere, email, 'strangers-pass')).status).toBe(200);
    expect((await stranger.request('/api/user')).status).toBe(200);

    // The address's owner buys: the worker files the order under the same account.
    const second = orderId();
    await checkoutPays(email, second);
    const link = await createAccountMail(email, second);

    for (const session of [stranger, strangerElsewhere]) {
      expect((await session.request('/api/user')).status).toBe(401);
      expect((await session.request('/api/account/export')).status).toBe(401);
      expect(
        (await session.request('/api/account', { method: 'DELETE', json: { password: 'strangers-pass' } }))
          .status,
      ).toBe(401);
    }
    const retry = await logIn(createClient(auth.url), email, 'strangers-pass');
    expect(retry.status).toBe(401);
    // Nor does the stranger's own redirect give the account back to them.
    const again = await createAccount(
      createClient(auth.url),
      first,
      'strangers-pass',
      checkoutRedirect(email, first),
    );
    expect(await again.json()).toMatchObject({ signedIn: false });

    const owner = createClient(auth.url);
    const query = link.search.slice(1);
    const lookup = await owner.request(`/api/create-account?${query}`);
    expect(await lookup.json()).toMatchObject({ email, hasPassword: false });
    const taken = await createAccount(owner, second, 'owners-own-pass', query);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toMatchObject({ signedIn: true });
    expect(await (await owner.request('/api/user')).json()).toMatchObject({ email });
    expect((await logIn(createClient(auth.url), email, 'owners-own-pass')).status).toBe(200);
    expect((await logIn(createClient(auth.url), email, 'strangers-pass')).status).toBe(401);
  });

  it("leaves the owner's proven password and sessions alone", async () => {
    const email = uniqueEmail('member');
    const first = orderId();
    await checkoutPays(email, first);
    const link = await createAccountMail(email, first);
    const member = createClient(auth.url);
    const created = await createAccount(member, first, 'members-pass', link.search.slice(1));
    expect(await created.json()).toMatchObject({ signedIn: true });

    const second = orderId();
    await checkoutPays(email, second);
    await provisioned(second);
    await eventually(queues.idle, { what: 'the worker to finish the order' });
    expect((await member.request('/api/user')).status).toBe(200);
    expect((await logIn(createClient(auth.url), email, 'members-pass')).status).toBe(200);
  });
});

describe("an order's own checkout redirect", () => {
  it('arriving before the webhook is processed, still sets the first password once the order is provisioned, and a redelivery keeps it', async () => {
    const email = uniqueEmail('fresh');
    const id = orderId();
    const redirect = checkoutRedirect(email, id);
    const buyer = createClient(auth.url);
    // The page asks before the worker has the order: it is told to wait.
    const early = await buyer.request(`/api/create-account?${redirect}`);
    expect(early.status).toBe(404);
    expect(await early.json()).toEqual({ error: ORDER_PROCESSING });

    await checkoutPays(email, id);
    await provisioned(id);
    const created = await createAccount(buyer, id, 'buyers-pass', redirect);
    expect(await created.json()).toMatchObject({ signedIn: true });
    expect((await buyer.request('/api/user')).status).toBe(200);

    // ThriveCart delivers the same order again, after its job is gone: processed anew, nothing ends.
    await eventually(queues.idle, { what: 'the worker to finish the order' });
    await queues.purchases.clean(0, 10_000, 'completed');
    await checkoutPays(email, id);
    await eventually(async () => (await queues.purchases.getCompletedCount()) > 0 && (await queues.idle()), {
      what: 'the redelivery processed',
    });
    expect((await buyer.request('/api/user')).status).toBe(200);
    expect((await logIn(createClient(auth.url), email, 'buyers-pass')).status).toBe(200);
  });

  it("of a second order, arriving before that order's webhook, waits for it and then answers as for any existing account", async () => {
    const email = uniqueEmail('second');
    const first = orderId();
    await checkoutPays(email, first);
    await provisioned(first);
    const buyer = createClient(auth.url);
    const claimed = await createAccount(buyer, first, 'buyers-pass', checkoutRedirect(email, first));
    expect(await claimed.json()).toMatchObject({ signedIn: true });

    const second = orderId();
    const redirect = checkoutRedirect(email, second);
    const early = await createClient(auth.url).request(`/api/create-account?${redirect}`);
    expect(await early.json()).toEqual({ error: ORDER_PROCESSING });
    await checkoutPays(email, second);
    await provisioned(second);
    const lookup = await createClient(auth.url).request(`/api/create-account?${redirect}`);
    expect(await lookup.json()).toMatchObject({ hasAccount: true, hasPassword: false });
    const answer = await createAccount(createClient(auth.url), second, 'another-pass', redirect);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ signedIn: false });
    // The address's owner finishes from the e-mail of the second order.
    const link = await createAccountMail(email, second);
    const owner = createClient(auth.url);
    expect(
      await (await createAccount(owner, second, 'owners-pass', link.search.slice(1))).json(),
    ).toMatchObject({ signedIn: true });
  });
});
