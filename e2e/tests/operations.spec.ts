import { expect, test, type APIRequestContext } from '@playwright/test';
import { scrape, valueOf, type Sample } from '@sleep-ritual/platform/testing-metrics';
import { waitForMailTo } from '@sleep-ritual/worker/outbox';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { signInAsAdmin } from '../support/admin.ts';
import { uniqueEmail } from '../support/db.ts';
import { e2eEnv, e2eOrigin } from '../support/env.ts';

/** What an operator sees of the running system: metrics on the internal ports and the queue view. */

const internalPorts = {
  auth: e2eEnv.AUTH_PORT,
  catalog: e2eEnv.CATALOG_PORT,
  progress: e2eEnv.PROGRESS_PORT,
  webhooks: e2eEnv.WEBHOOKS_PORT,
  worker: e2eEnv.WORKER_PORT,
};
const scrapeOf = (name: keyof typeof internalPorts) => scrape(`http://127.0.0.1:${internalPorts[name]}`);
const total = (samples: Sample[], name: string, labels: Record<string, string>) =>
  valueOf(samples, name, labels) ?? 0;

/** ThriveCart's form-encoded order.success for product-1, posted to the origin as the checkout does. */
async function buyThroughCheckout(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const orderId = `E2E-${label.toUpperCase()}-${Date.now()}`;
  const fields = thrivecartOrderFields({
    secret: e2eEnv.THRIVECART_SECRET,
    orderId,
    email,
    items: ['product-1'],
  });
  const response = await request.post('/api/webhooks/thrivecart', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: formBody(fields),
  });
  expect(response.status()).toBe(200);
  await waitForMailTo(e2eEnv.OUTBOX_DIR, email);
  return { email, orderId };
}

test('an order through the origin shows in the metrics each service and the worker serve on their own port', async ({
  request,
}) => {
  const before = await scrapeOf('worker');
  const webhook = { route: '/api/webhooks/thrivecart', method: 'POST', status: '200' };
  const acceptedBefore = total(await scrapeOf('webhooks'), 'http_request_duration_seconds_count', webhook);

  await buyThroughCheckout(request, 'metrics');

  const webhooks = await scrapeOf('webhooks');
  expect(total(webhooks, 'http_request_duration_seconds_count', webhook)).toBe(acceptedBefore + 1);
  expect(valueOf(webhooks, 'queue_jobs', { queue: 'purchases', state: 'failed' })).toBeDefined();

  await expect
    .poll(async () => {
      const worker = await scrapeOf('worker');
      return [
        total(worker, 'queue_jobs_completed_total', { queue: 'purchases' }) -
          total(before, 'queue_jobs_completed_total', { queue: 'purchases' }),
        total(worker, 'emails_sent_total', { template: 'create-account' }) -
          total(before, 'emails_sent_total', { template: 'create-account' }),
      ];
    })
    .toEqual([1, 1]);

  for (const name of Object.keys(internalPorts) as (keyof typeof internalPorts)[]) {
    const samples = await scrapeOf(name);
    expect(valueOf(samples, 'db_pool_max_connections'), name).toBeGreaterThan(0);
    expect(valueOf(samples, 'process_resident_memory_bytes'), name).toBeGreaterThan(0);
    if (name === 'worker') {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) {
        expect(valueOf(samples, 'queue_jobs', { queue: 'emails', state }), state).toBeDefined();
      }
    } else {
      expect(
        valueOf(samples, 'http_request_duration_seconds_count', { route: '/readyz' }),
        name,
      ).toBeGreaterThan(0);
    }
  }
});

test('@core the origin never serves metrics: /metrics and /api/<service>/metrics answer 404, from the origin under test', async ({
  request,
}) => {
  // Answered by the origin under test: nginx itself (naming no version) when the suite runs through it
  // (`npm run test:e2e:nginx`); the development gateway names no server.
  const server = e2eOrigin === 'nginx' ? 'nginx' : undefined;
  for (const path of [
    '/metrics',
    '/api/metrics',
    '/api/auth/metrics',
    '/api/catalog/metrics',
    '/api/worker/metrics',
    // Under a prefix of a service, which the origin passes to it.
    '/api/webhooks/metrics',
    '/api/user/metrics',
    '/api/programs/metrics',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('# TYPE');
    expect(response.headers()['server'], path).toBe(server);
  }
  // Under the progress service's prefix, `metrics` is a class id, whose progress needs a signed-in learner.
  const progress = await request.get('/api/progress/metrics');
  expect(progress.status()).toBe(401);
  expect(await progress.text()).not.toContain('# TYPE');
  expect(progress.headers()['server']).toBe(server);
});

test('the queue view answers 401 to a visitor without the admin session', async ({ request }) => {
  for (const path of ['/api/admin/queues', '/api/admin/queues/api/queues']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(401);
    expect(await response.json()).toEqual({ error: 'Admin sign-in required.' });
  }
});

test('an admin opens the queue view from the Orders screen and finds an order in the purchases queue', async ({
  page,
  request,
}) => {
  const { orderId } = await buyThroughCheckout(request, 'queueview');
  await signInAsAdmin(page, '/admin/orders');
  await page.getByRole('link', { name: 'Queue view' }).click();
  await expect(page).toHaveURL(/\/api\/admin\/queues$/);
  await expect(page).toHaveTitle('Sleep Ritual queues');
  const queues = page.getByRole('navigation');
  await expect(queues.getByRole('link', { name: 'emails', exact: true })).toBeVisible();
  await queues.getByRole('link', { name: 'purchases', exact: true }).click();
  await expect(page.getByText(new RegExp(`order\\.success-${orderId}-`)).first()).toBeVisible();
});
