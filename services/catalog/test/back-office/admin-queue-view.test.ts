import { describe, expect, it } from 'vitest';
import { QUEUE_VIEW_PATH } from '@sleep-ritual/contracts/admin-members';
import { clientWithSession, createClient, uniqueEmail } from '@sleep-ritual/platform/testing';
import { useService } from '@sleep-ritual/platform/testing-service';
import { enqueuePurchase, type PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { createApp } from '../../src/app.ts';
import { backOfficeTestbed, call } from './admin-members-fixtures.ts';

/** No consumers: a queued order stays waiting, so the view shows it where it was put. */
const bed = backOfficeTestbed('queue-view');
const QUEUES_API = `${QUEUE_VIEW_PATH}/api/queues`;

function order(): PurchaseJob {
  return {
    event: 'order.success',
    orderId: `${Date.now()}`,
    invoiceId: null,
    test: false,
    customer: { email: uniqueEmail('queue-view'), firstName: 'Maya', lastName: null },
    items: ['product-1'],
    totalCents: 4700,
  };
}

describe('the queue view (bull-board) at /api/admin/queues', () => {
  it.each([QUEUE_VIEW_PATH, QUEUES_API, `${QUEUE_VIEW_PATH}/static/js/main.js`])(
    'answers %s with 401 and the JSON error without an admin session',
    async (path) => {
      const stranger = await call(createClient(bed.url), 'GET', path);
      expect(stranger.status).toBe(401);
      expect(stranger.body).toEqual({ error: 'Admin sign-in required.' });
    },
  );

  it('serves its page to an admin session, titled, with its scripts under the same path', async () => {
    const page = await call(bed.admin, 'GET', QUEUE_VIEW_PATH);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // A page's policy, which lets its own scripts and styles run (an API answer's allows nothing).
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'.*style-src 'self'/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('<title>Sleep Ritual queues</title>');
    expect(page.body).toContain(`<base href="${QUEUE_VIEW_PATH}/" />`);
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await bed.admin.request(`${QUEUE_VIEW_PATH}/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('lists the purchases and emails queues, read-only, with the jobs they hold', async () => {
    const job = order();
    const jobId = await enqueuePurchase(bed.queues.purchases, job);

    const listed = await call(bed.admin, 'GET', `${QUEUES_API}?activeQueue=purchases&status=waiting`);
    expect(listed.status).toBe(200);
    const queues = listed.body.queues as {
      name: string;
      readOnlyMode: boolean;
      counts: Record<string, number>;
      jobs: { id: string; data: PurchaseJob }[];
    }[];
    expect(queues.map((queue) => queue.name).sort()).toEqual(['emails', 'purchases']);
    expect(queues.every((queue) => queue.readOnlyMode)).toBe(true);
    const purchases = queues.find((queue) => queue.name === 'purchases')!;
    expect(purchases.counts.waiting).toBe(1);
    expect(purchases.jobs.map((listedJob) => listedJob.id)).toEqual([jobId]);
    expect(purchases.jobs[0]!.data.orderId).toBe(job.orderId);
  });

  it('refuses to change a queue: retrying, removing, adding or emptying answers 405 and nothing changes', async () => {
    const jobId = await enqueuePurchase(bed.queues.purchases, order());
    const before = await bed.queues.purchases.getJobCounts();
    for (const [method, path] of [
      ['PUT', `${QUEUES_API}/purchases/${jobId}/retry`],
      ['PUT', `${QUEUES_API}/purchases/${jobId}/clean`],
      ['PUT', `${QUEUES_API}/purchases/retry/failed`],
      ['POST', `${QUEUES_API}/purchases/add`],
      ['PUT', `${QUEUES_API}/purchases/empty`],
      ['PUT', `${QUEUES_API}/purchases/pause`],
      ['PUT', `${QUEUES_API}/emails/obliterate`],
    ] as const) {
      const refused = await call(bed.admin, method, path);
      expect(refused.status, `${method} ${path}`).toBe(405);
    }
    expect(await bed.queues.purchases.getJobState(jobId)).toBe('waiting');
    expect(await bed.queues.purchases.getJobCounts()).toEqual(before);
    expect(await bed.queues.purchases.isPaused()).toBe(false);
  });

  it.each([
    'page=99999999999999999999',
    'page=abc',
    'page=0',
    'jobsPerPage=1e9',
    'jobsPerPage=-1',
    'status=nope',
    'activeQueue=purchases&activeQueue=emails',
  ])('answers a malformed listing query (%s) with 400 in the JSON error shape', async (query) => {
    const listed = await call(
      bed.admin,
      'GET',
      `${QUEUES_API}?activeQueue=purchases&status=waiting&${query}`,
    );
    expect(listed.status).toBe(400);
    expect(typeof listed.body.error).toBe('string');
  });

  it('answers a path of its own it does not know with the JSON 404', async () => {
    const unknown = await call(bed.admin, 'GET', `${QUEUE_VIEW_PATH}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Not found' });
  });
});

describe('the queue view without the queues', () => {
  const service = useService((deps) => createApp(deps));

  it('answers an admin 503', async () => {
    const admin = await clientWithSession(service.url, service.deps, { isAdmin: true });
    const answer = await call(admin, 'GET', QUEUES_API);
    expect(answer.status).toBe(503);
    expect(answer.body.error).toMatch(/temporarily unavailable/);
  });
});
