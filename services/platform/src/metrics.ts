import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics. Every service and the worker keep one registry per app and serve it at
 * `GET /metrics` on their own internal port (AUTH_PORT … WORKER_PORT), never through the public origin.
 * The series shared by all of them are here; the queue and e-mail series are the queues'
 * (`@sleep-ritual/jobs/queue-metrics`). docs/operations.md ("Metrics") shows how to read them.
 */

export type { Registry };

export const METRICS_PATH = '/metrics';

/** Seconds: from 5 ms to 10 s, so p99 of a fast call and of a stuck one both land in a bucket. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Paths the shared chain answers itself, before any router; labelled as they are. */
const FIXED_ROUTES = new Set(['/healthz', '/readyz']);
const ROUTE_LABEL = Symbol('metrics route label');

/** A registry with Node's default process metrics and, given a knex instance, its pool's usage. */
export function createMetricsRegistry(options: { db?: Knex } = {}): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (options.db) databasePoolMetrics(registry, options.db);
  return registry;
}

/** tarn's pool as knex holds it (absent once the pool is destroyed). */
type Pool = {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
};

function databasePoolMetrics(registry: Registry, db: Knex): void {
  const pool = () => (db.client as { pool?: Pool }).pool;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connections of this process: used (lent to a query) or free (open and idle).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'used' }, pool()?.numUsed() ?? 0);
      this.set({ state: 'free' }, pool()?.numFree() ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_pending_acquires',
    help: 'Queries of this process waiting for a PostgreSQL connection from the pool.',
    registers: [registry],
    collect() {
      this.set(pool()?.numPendingAcquires() ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most PostgreSQL connections the pool of this process opens.',
    registers: [registry],
    collect() {
      this.set(pool()?.max ?? 0);
    },
  });
}

/**
 * Labels the request's route for the duration histogram, where the router's own pattern would not do
 * (a mounted app such as the queue view, whose inner routes are its own business).
 */
export function labelRoute(ctx: Context, route: string): void {
  (ctx.state as Record<symbol, string>)[ROUTE_LABEL] = route;
}

/**
 * The route label: the router's matched pattern (`/api/classes/:classId`), never the raw path, so the
 * number of series stays bounded whatever paths callers try.
 */
function routeOf(ctx: Context): string {
  const labelled = (ctx.state as Record<symbol, string | undefined>)[ROUTE_LABEL];
  if (labelled) return labelled;
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  return FIXED_ROUTES.has(ctx.path) ? ctx.path : 'unmatched';
}

/**
 * First in the chain: times every request (but the scrapes themselves) into
 * `http_request_duration_seconds{method,route,status}`.
 */
export function requestMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return async function requestMetricsMiddleware(ctx: Context, next: Next) {
    if (ctx.path === METRICS_PATH) return next();
    const started = performance.now();
    let status: number | undefined;
    try {
      await next();
    } catch (error) {
      status = (error as { status?: number }).status ?? 500;
      throw error;
    } finally {
      duration.observe(
        { method: ctx.method, route: routeOf(ctx), status: String(status ?? ctx.status) },
        (performance.now() - started) / 1000,
      );
    }
  };
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper on the internal network. A request that
 * came through a proxy (nginx and the development gateway always add X-Forwarded-For) gets the same
 * 404 as any unknown path: the origin never serves metrics, even if a route were added by mistake.
 */
export function metricsEndpoint(registry: Registry) {
  return async function metricsEndpointMiddleware(ctx: Context, next: Next) {
    if (ctx.path !== METRICS_PATH) return next();
    if (ctx.get('X-Forwarded-For') || ctx.get('X-Forwarded-Host')) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      ctx.body = { error: 'Method not allowed' };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };
}
