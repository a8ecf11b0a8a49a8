import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '../src/errors.ts';
import { createServiceApp, notFoundFallback } from '../src/http/service-app.ts';
import { createTestDeps, listen } from '../src/testing.ts';
import { samplesOf, scrape, valueOf } from '../src/testing-metrics.ts';

/** The shared service chain with two routes, as a service mounts its routers. */
const deps = createTestDeps();
let service: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const app = createServiceApp(deps);
  const router = new Router({ prefix: '/api/things' });
  router.get('/:thingId', async (ctx) => {
    await deps.db.raw('select 1');
    ctx.body = { id: ctx.params.thingId };
  });
  router.post('/:thingId', () => {
    throw new BadRequestError('No.');
  });
  app.use(notFoundFallback());
  app.use(router.routes());
  app.use(router.allowedMethods());
  service = await listen(app);
});
afterAll(async () => {
  await service.close();
  await deps.close();
});

const duration = 'http_request_duration_seconds_count';

describe('GET /metrics of a service', () => {
  it('counts requests by route pattern, never by raw path, with method and status', async () => {
    for (const id of ['1', '2', '3', 'a-path-nobody-knows']) {
      expect((await fetch(`${service.url}/api/things/${id}`)).status).toBe(200);
    }
    expect((await fetch(`${service.url}/api/things/9`, { method: 'POST' })).status).toBe(400);
    for (const path of ['/nothing/1', '/nothing/2', '/healthz']) await fetch(`${service.url}${path}`);

    const samples = await scrape(service.url);
    const byRoute = samplesOf(samples, duration).map(({ labels, value }) => ({ ...labels, value }));
    const routes = samplesOf(samples, duration).map((sample) => sample.labels.route);
    expect(byRoute).toEqual(
      expect.arrayContaining([
        { method: 'GET', route: '/api/things/:thingId', status: '200', value: 4 },
        { method: 'POST', route: '/api/things/:thingId', status: '400', value: 1 },
        { method: 'GET', route: 'unmatched', status: '404', value: 2 },
        { method: 'GET', route: '/healthz', status: '200', value: 1 },
      ]),
    );
    expect(routes).not.toContain('/api/things/1');
    expect(routes.some((route) => route?.includes('a-path-nobody-knows'))).toBe(false);
    // A histogram: cumulative buckets up to +Inf, which holds every request.
    expect(
      valueOf(samples, 'http_request_duration_seconds_bucket', {
        route: '/api/things/:thingId',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(4);
  });

  it("reports the database pool's usage and Node's process metrics", async () => {
    // A query leaves its connection open and idle in the pool.
    expect((await fetch(`${service.url}/api/things/1`)).status).toBe(200);
    const samples = await scrape(service.url);
    expect(valueOf(samples, 'db_pool_max_connections')).toBe(5);
    expect(valueOf(samples, 'db_pool_connections', { state: 'used' })).toBe(0);
    expect(valueOf(samples, 'db_pool_connections', { state: 'free' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'db_pool_pending_acquires')).toBe(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samplesOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  });

  it('does not count the scrapes themselves', async () => {
    await scrape(service.url);
    const samples = await scrape(service.url);
    expect(samplesOf(samples, duration).some(({ labels }) => labels.route?.includes('metrics'))).toBe(false);
  });

  it('answers a request that came through a proxy with the JSON 404, as the origin must not serve it', async () => {
    for (const header of ['x-forwarded-for', 'x-forwarded-host']) {
      const proxied = await fetch(`${service.url}/metrics`, { headers: { [header]: 'example.com' } });
      expect(proxied.status, header).toBe(404);
      expect(await proxied.json()).toEqual({ error: 'Not found' });
    }
  });

  it('answers only GET and HEAD', async () => {
    const posted = await fetch(`${service.url}/metrics`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    const scraped = await fetch(`${service.url}/metrics`);
    expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scraped.headers.get('cache-control')).toBe('no-store');
  });
});
