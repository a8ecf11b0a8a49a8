import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestDeps,
  eventually,
  listen,
  uniqueEmail,
} from '@sleep-ritual/platform/testing';
import { createPurchasesQueue, type PurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { ignoredTestOrders } from '@sleep-ritual/catalog/ignored-test-orders';
import { createApp } from '../src/app.ts';
import { SECRET_FAILURES_PER_ADDRESS } from '../src/domain/receive-order.ts';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { openTestQueues, unreachableQueueBackend, uniqueQueuePrefix } from '@sleep-ritual/worker/testing';
import { jobCount, postForm, postJson, uniqueOrderId } from './helpers.ts';
import { heldCounters } from '@sleep-ritual/platform/testing-counters';

const deps = createTestDeps();
const secret = deps.config.thrivecartSecret;
let queues: Awaited<ReturnType<typeof openTestQueues>>;
let queue: PurchasesQueue;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  queues = await openTestQueues(deps.config, uniqueQueuePrefix());
  queue = queues.purchases;
  server = await listen(createApp({ ...deps, purchasesQueue: queue }));
});
afterAll(async () => {
  await server.close();
  await queues.dispose();
  await deps.close();
});

async function queuedJob(jobId: string) {
  const job = await queue.getJob(jobId);
  expect(job).toBeDefined();
  return job!;
}

describe('registering the webhook URL in ThriveCart', () => {
  it('answers 200 to HEAD', async () => {
    const response = await fetch(`${server.url}/api/webhooks/thrivecart`, { method: 'HEAD' });
    expect(response.status).toBe(200);
  });

  it('answers 200 to the probe POST that carries no event and no customer, and queues nothing', async () => {
    const before = await jobCount(queue);
    for (const response of [
      await postForm(server.url, ''),
      await postForm(server.url, 'thrivecart_account=sleepritual'),
      await createClient(server.url).request('/api/webhooks/thrivecart', { method: 'POST' }),
    ]) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, queued: false });
    }
    expect(await jobCount(queue)).toBe(before);
  });
});

describe('POST /api/webhooks/thrivecart', () => {
  it('queues a form-encoded order with bracketed keys as one purchase event, without the secret', async () => {
    const orderId = uniqueOrderId();
    const email = uniqueEmail('Buyer');
    const response = await postForm(
      server.url,
      formBody(
        thrivecartOrderFields({
          secret,
          orderId,
          email,
          firstName: 'Ann',
          lastName: 'Lee',
          items: ['product-1', 'bump-1'],
        }),
      ),
    );
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ received: true, queued: true, jobId: expect.stringContaining(orderId) });

    const job = await queuedJob(answer.jobId);
    expect(job.name).toBe('order.success');
    expect(job.data).toEqual({
      event: 'order.success',
      orderId,
      invoiceId: expect.stringMatching(/^\d{9}$/),
      test: false,
      customer: { email: email.toLowerCase(), firstName: 'Ann', lastName: 'Lee' },
      items: ['product-1', 'bump-1'],
      // The $37 ritual and the $17 add-on.
      totalCents: 5400,
      // The request's id goes with the job, into every log line of it (docs/tracing.md).
      requestId: response.headers.get('x-request-id'),
    });
    expect(JSON.stringify(job.data)).not.toContain(secret);
  });

  it('reads customer names sent as firstname/lastname and keeps a zero-padded invoice id as it is', async () => {
    const fields = thrivecartOrderFields({
      secret,
      orderId: uniqueOrderId(),
      email: uniqueEmail(),
      firstName: 'Bo',
      lastName: 'Ng',
      nameFields: 'firstname',
    });
    fields.invoice_id = '000000042';
    const answer = await (await postForm(server.url, formBody(fields))).json();
    const job = await queuedJob(answer.jobId);
    expect(job.data.customer).toMatchObject({ firstName: 'Bo', lastName: 'Ng' });
    expect(job.data.invoiceId).toBe('000000042');
  });

  it('queues a JSON order in the shape of the spec, reading items from the map and the products list', async () => {
    const orderId = uniqueOrderId();
    const response = await postJson(server.url, {
      thrivecart_secret: secret,
      event: 'upsell.accepted',
      test: false,
      order_id: Number(orderId),
      customer: { email: 'Jane.Doe@Example.com', firstname: 'Jane', lastname: 'Doe' },
      accessible_purchase_map: ['product-1', 'upsell-1'],
      accessible_purchase_map_flat: 'product-1,upsell-1',
      products: [{ id: 12, name: 'Extra', price: 1700, quantity: 1 }],
    });
    expect(response.status).toBe(200);
    const job = await queuedJob((await response.json()).jobId);
    expect(job.data).toMatchObject({
      event: 'upsell.accepted',
      orderId,
      customer: { email: 'jane.doe@example.com', firstName: 'Jane', lastName: 'Doe' },
      items: ['product-1', 'upsell-1', 'product-12'],
    });
  });

  it('when the same webhook is delivered five times, it answers 200 each time and keeps one job', async () => {
    const body = formBody(thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() }));
    const before = await jobCount(queue);
    const answers = [];
    for (let delivery = 0; delivery < 5; delivery += 1) {
      const response = await postForm(server.url, body);
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(new Set(answers.map((answer) => answer.jobId)).size).toBe(1);
    expect(await jobCount(queue)).toBe(before + 1);
  });

  it('queues a refund as its own job, even without a customer', async () => {
    const orderId = uniqueOrderId();
    const response = await postForm(
      server.url,
      formBody({ thrivecart_secret: secret, event: 'order.refund', order_id: orderId }),
    );
    expect(response.status).toBe(200);
    const job = await queuedJob((await response.json()).jobId);
    expect(job.data).toMatchObject({ event: 'order.refund', orderId, customer: null, items: [] });
  });

  it('when the secret is wrong, it answers 401 and queues nothing', async () => {
    const before = await jobCount(queue);
    const response = await postForm(
      server.url,
      formBody(
        thrivecartOrderFields({ secret: `${secret}x`, orderId: uniqueOrderId(), email: uniqueEmail() }),
      ),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid webhook secret.' });
    expect(await jobCount(queue)).toBe(before);
  });

  const postWithSecret = (
    client: ReturnType<typeof createClient>,
    guess: string,
    orderId = uniqueOrderId(),
  ) =>
    client.request('/api/webhooks/thrivecart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(thrivecartOrderFields({ secret: guess, orderId, email: uniqueEmail() })),
    });

  it('answers 429 to an address that keeps sending wrong secrets, whatever the secret, and queues nothing', async () => {
    const guesser = createClient(server.url);
    const statuses: number[] = [];
    for (let batch = 0; batch < 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) => postWithSecret(guesser, `guess-${batch}-${n}`)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(SECRET_FAILURES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - SECRET_FAILURES_PER_ADDRESS);
    const refused = await postWithSecret(guesser, 'one-more-guess');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const refusal = await refused.json();
    expect(refusal.error).toMatch(/Too many wrong webhook secrets/);
    const refusedAgain = async (client: ReturnType<typeof createClient>) => {
      const again = await postWithSecret(client, 'yet-another-guess');
      expect(again.status).toBe(429);
      return again.json();
    };

    // The right secret tells the guesser nothing: refused the same way, and nothing is queued (a queued
    // order would mail its create-account link to the address the guesser gave).
    const before = await jobCount(queue);
    const right = await postWithSecret(guesser, secret);
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual(await refusedAgain(guesser));
    expect(await jobCount(queue)).toBe(before);
    // The same right secret from another address is accepted, and a guess from it is only a 401.
    expect((await postWithSecret(createClient(server.url), secret)).status).toBe(200);
    expect((await postWithSecret(createClient(server.url), 'a-guess')).status).toBe(401);
  });

  it("accepts the whole first burst from the checkout's address, before any of its orders was compared", async () => {
    const checkout = createClient(server.url);
    const before = await jobCount(queue);
    const answers = await Promise.all(
      Array.from({ length: SECRET_FAILURES_PER_ADDRESS * 20 }, () => postWithSecret(checkout, secret)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(SECRET_FAILURES_PER_ADDRESS * 20).fill(200));
    expect(await jobCount(queue)).toBe(before + SECRET_FAILURES_PER_ADDRESS * 20);
  });

  it("never slows the checkout's own address: one that sent the right secret keeps being accepted", async () => {
    const checkout = createClient(server.url);
    expect((await postWithSecret(checkout, secret)).status).toBe(200);
    // Another shop's stale webhook, or an old secret, sent from the checkout's address.
    for (let n = 0; n < SECRET_FAILURES_PER_ADDRESS * 2; n += 1)
      expect((await postWithSecret(checkout, `old-secret-${n}`)).status).toBe(401);
    const order = await postWithSecret(checkout, secret);
    expect(order.status).toBe(200);
    expect((await order.json()).queued).toBe(true);
  });

  it('counts before comparing: 50 concurrent wrong secrets from one address are compared at most 10 times', async () => {
    const guesser = createClient(server.url);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => postWithSecret(guesser, `concurrent-guess-${n}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SECRET_FAILURES_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - SECRET_FAILURES_PER_ADDRESS);
  });

  it('refuses with 429 even the right secret when it comes while the last 10 tries are still being counted, and logs its order for the operator', async () => {
    // The real counters, holding each try until the test lets it through: ten wrong guesses in flight.
    const held = heldCounters(deps.backends.counters, (windows) =>
      windows.some((window) => window.limit === SECRET_FAILURES_PER_ADDRESS),
    );
    const logged: { level: number; orderId?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    const heldServer = await listen(
      createApp({
        ...deps,
        logger,
        backends: { ...deps.backends, counters: held.counters },
        purchasesQueue: queue,
      }),
    );
    try {
      const guesser = createClient(heldServer.url);
      const wrong = Array.from({ length: SECRET_FAILURES_PER_ADDRESS }, (_, n) =>
        postWithSecret(guesser, `held-guess-${n}`),
      );
      await eventually(async () => held.arrived() === SECRET_FAILURES_PER_ADDRESS, {
        what: 'the guesses to reach the counters',
      });

      const before = await jobCount(queue);
      const orderId = uniqueOrderId();
      let answered = false;
      const right = postWithSecret(guesser, secret, orderId).finally(() => (answered = true));
      await eventually(async () => held.arrived() > SECRET_FAILURES_PER_ADDRESS || answered, {
        what: 'the right secret',
      });
      held.release(SECRET_FAILURES_PER_ADDRESS);
      expect((await Promise.all(wrong)).map((answer) => answer.status)).toEqual(
        Array(SECRET_FAILURES_PER_ADDRESS).fill(401),
      );
      held.release(1);
      const refused = await right;
      expect(refused.status).toBe(429);
      expect((await refused.json()).error).toMatch(/Too many wrong webhook secrets/);
      // The operator learns which paid order to look for (reconciliation or a redelivery provisions it),
      // once the answer has gone; by then nothing has been queued.
      await eventually(async () => logged.some((line) => line.orderId === orderId && line.level === 40), {
        what: 'the refused order logged',
      });
      expect(await jobCount(queue)).toBe(before);
    } finally {
      held.release(Infinity);
      await heldServer.close();
    }
  });

  it.each([
    ['a form with an event that is not text', 'form', 'event[toString]=1&thrivecart_secret=x'],
    ['JSON with an event that is not text', 'json', { event: { toString: 1 }, thrivecart_secret: 'x' }],
    [
      'JSON with a secret that is not text',
      'json',
      { event: 'order.success', thrivecart_secret: { toString: 1 } },
    ],
    ['a form with a secret that is not text', 'form', 'event=order.success&thrivecart_secret[toString]=1'],
  ])('answers %s and a wrong secret 401, and counts it as a wrong secret', async (_name, kind, body) => {
    const guesser = createClient(server.url);
    const post = () =>
      kind === 'form'
        ? guesser.request('/api/webhooks/thrivecart', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: body as string,
          })
        : guesser.request('/api/webhooks/thrivecart', { method: 'POST', json: body });
    for (let n = 0; n < SECRET_FAILURES_PER_ADDRESS; n += 1) {
      const response = await post();
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid webhook secret.' });
    }
    const refused = await post();
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/Too many wrong webhook secrets/);
  });

  it('answers an event that is not text 400 when the secret is right, and queues nothing', async () => {
    const before = await jobCount(queue);
    const form = await postForm(
      server.url,
      `event[toString]=1&thrivecart_secret=${encodeURIComponent(secret)}`,
    );
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({ error: 'event must be text' });
    for (const event of [{ toString: 1 }, ['order.success'], 7]) {
      const json = await postJson(server.url, {
        ...thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() }),
        event,
      });
      expect(json.status).toBe(400);
      expect(await json.json()).toEqual({ error: 'event must be text' });
    }
    expect(await jobCount(queue)).toBe(before);
  });

  it('when the secret is missing, it answers 401 and queues nothing', async () => {
    const before = await jobCount(queue);
    const fields = thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() });
    delete fields.thrivecart_secret;
    const response = await postForm(server.url, formBody(fields));
    expect(response.status).toBe(401);
    expect(await jobCount(queue)).toBe(before);
  });

  it('when the body is invalid, it answers 400 with the reason and queues nothing', async () => {
    const before = await jobCount(queue);
    const badEmail = await postForm(
      server.url,
      formBody(thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: 'not-an-email' })),
    );
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error).toBe('customer[email] must be a valid e-mail address');
    // A control character is not cleaned out of an address, as it is out of a name: "a\0b@…" would
    // become another address, which would then be given the order and its create-account e-mail.
    for (const email of ['a\u0000b@example.com', 'a\u0007b@example.com', 'a\nb@example.com']) {
      const controlled = await postForm(
        server.url,
        formBody(thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email })),
      );
      expect(controlled.status, JSON.stringify(email)).toBe(400);
      expect((await controlled.json()).error).toBe('customer[email] must be a valid e-mail address');
    }

    const noProduct = await postJson(server.url, {
      thrivecart_secret: secret,
      event: 'order.success',
      order_id: uniqueOrderId(),
      customer: { email: uniqueEmail() },
    });
    expect(noProduct.status).toBe(400);
    expect((await noProduct.json()).error).toMatch(/names no product/);

    const noOrder = await postJson(server.url, {
      thrivecart_secret: secret,
      event: 'order.success',
      customer: { email: uniqueEmail() },
    });
    expect(noOrder.status).toBe(400);
    expect((await noOrder.json()).error).toBe('order_id is required');
    expect(await jobCount(queue)).toBe(before);
  });

  it('keeps and reports purchase-map entries of no known kind instead of refusing the order', async () => {
    const orderId = uniqueOrderId();
    const fields = thrivecartOrderFields({
      secret,
      orderId,
      email: uniqueEmail(),
      items: ['product-1', 'bump-1'],
    });
    fields['accessible_purchase_map[2]'] = 'gift-card-3';
    fields['purchase_map[2]'] = 'gift-card-3';
    const response = await postForm(server.url, formBody(fields));
    expect(response.status).toBe(200);
    const answer = await response.json();
    expect(answer).toMatchObject({ queued: true, unrecognizedItems: ['gift-card-3'] });
    const job = await queuedJob(answer.jobId);
    expect(job.data).toMatchObject({ items: ['product-1', 'bump-1'], unrecognizedItems: ['gift-card-3'] });

    // An order naming only such entries is queued too, so that it stays visible rather than lost.
    const onlyUnknown = await postJson(server.url, {
      thrivecart_secret: secret,
      event: 'order.success',
      order_id: uniqueOrderId(),
      customer: { email: uniqueEmail() },
      accessible_purchase_map: ['gift-card-3'],
    });
    expect(onlyUnknown.status).toBe(200);
    expect(await onlyUnknown.json()).toMatchObject({ queued: true, unrecognizedItems: ['gift-card-3'] });
  });

  /** Posts an order whose buyer typed these names, and answers the job it queued. */
  async function queuedOrderNamed(firstName: string, lastName: string) {
    const body = formBody(
      thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail(), firstName, lastName }),
    );
    const response = await postForm(server.url, body);
    expect(response.status).toBe(200);
    return queuedJob((await response.json()).jobId);
  }

  it('cleans a NUL and other control characters out of what the buyer typed, and queues the order', async () => {
    expect(
      formBody(thrivecartOrderFields({ secret, orderId: 'x', email: 'a@b.c', firstName: 'An\u0000n' })),
    ).toContain('An%00n');
    const job = await queuedOrderNamed('An\u0000n', 'Le\u0007e');
    expect(job.data.customer).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('cuts a name longer than its column to fit, whole characters, and queues the order', async () => {
    const job = await queuedOrderNamed('🌙'.repeat(400), 'L'.repeat(1_000));
    expect(job.data.customer).toMatchObject({ firstName: '🌙'.repeat(255), lastName: 'L'.repeat(255) });
  });

  it('acknowledges other events with 200 and queues nothing', async () => {
    const before = await jobCount(queue);
    for (const event of ['affiliate.commission_earned', 'cart.abandoned', 'customer_updated']) {
      const response = await postForm(
        server.url,
        formBody(thrivecartOrderFields({ secret, event, orderId: uniqueOrderId(), email: uniqueEmail() })),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, queued: false });
    }
    expect(await jobCount(queue)).toBe(before);
  });

  it('queues test-mode orders marked as tests while ACCEPT_TEST_ORDERS is true', async () => {
    for (const fields of [
      thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail(), test: true }),
      {
        ...thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() }),
        mode: '',
        mode_int: '',
        test: '1',
      },
    ]) {
      const response = await postForm(server.url, formBody(fields));
      const job = await queuedJob((await response.json()).jobId);
      expect(job.data.test).toBe(true);
    }
  });
});

describe('when ACCEPT_TEST_ORDERS is false', () => {
  it('acknowledges a test-mode order with 200 and queues nothing, but still queues live orders', async () => {
    const strictDeps = createTestDeps({
      ACCEPT_TEST_ORDERS: 'false',
      QUEUE_PREFIX: uniqueQueuePrefix('strict'),
    });
    const strict = await listen(createApp({ ...strictDeps, purchasesQueue: queue }));
    try {
      const before = await jobCount(queue);
      const orderId = uniqueOrderId();
      const email = uniqueEmail();
      const test = await postForm(
        strict.url,
        formBody(thrivecartOrderFields({ secret, orderId, email, test: true })),
      );
      expect(test.status).toBe(200);
      expect(await test.json()).toEqual({ received: true, queued: false });
      expect(await jobCount(queue)).toBe(before);
      // Noted for the back office's Orders screen, so a merchant sees why nothing happened.
      expect(await ignoredTestOrders(strictDeps.db, strictDeps.config.queuePrefix)).toEqual([
        { orderId, email: email.toLowerCase(), event: 'order.success', receivedAt: expect.any(String) },
      ]);

      const live = await postForm(
        strict.url,
        formBody(thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() })),
      );
      expect((await live.json()).queued).toBe(true);
    } finally {
      await strictDeps
        .db('ignored_test_orders')
        .where({ queuePrefix: strictDeps.config.queuePrefix })
        .delete();
      await strict.close();
      await strictDeps.close();
    }
  });
});

describe('when the queue store does not answer', () => {
  it('answers 503 within a second when the queue store cannot be reached, refusing the order instead of accepting what it cannot queue', async () => {
    const store = unreachableQueueBackend(deps.config);
    const unreachable = createPurchasesQueue(store);
    unreachable.on('error', () => {});
    const app = await listen(createApp({ ...deps, purchasesQueue: unreachable }));
    try {
      const started = performance.now();
      const response = await postForm(
        app.url,
        formBody(thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() })),
      );
      expect(response.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await response.json()).toEqual({
        error: 'The service is temporarily unavailable. Please try again shortly.',
      });
    } finally {
      await app.close();
      await unreachable.close();
      await store.close();
    }
  });

  it('answers 503 when the connection to the queue store is lost after start', async () => {
    const prefix = uniqueQueuePrefix();
    const lost = await openTestQueues(deps.config, prefix);
    const app = await listen(createApp({ ...deps, purchasesQueue: lost.purchases }));
    try {
      const body = formBody(
        thrivecartOrderFields({ secret, orderId: uniqueOrderId(), email: uniqueEmail() }),
      );
      expect((await postForm(app.url, body)).status).toBe(200);
      await lost.backend.close();
      const response = await postForm(app.url, body);
      expect(response.status).toBe(503);
    } finally {
      await app.close();
      await Promise.all([lost.purchases.close(), lost.emails.close()]);
      await (await openTestQueues(deps.config, prefix)).dispose();
    }
  });
});
