import { bodyParser } from '@koa/bodyparser';
import Koa, { type Context, type Next } from 'koa';
import type { Knex } from 'knex';
import type { Backends } from '../backends.ts';
import { schemaIsCurrent } from '../db.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { BadRequestError, NotFoundError, OutsideServiceError, UNDECODABLE_BODY } from '../errors.ts';
import { BODY_LIMIT_BYTES, bodyLimitOf } from '../routes.ts';
import { createMetricsRegistry, metricsEndpoint, requestMetrics, type Registry } from '../metrics.ts';
import { dropRestOfBody } from './drop-body.ts';
import { errorHandler } from './error-handler.ts';
import { requestLog } from './request-log.ts';
import { originCheck } from './origin-check.ts';
import { apiSecurityHeaders } from './security-headers.ts';
import { sessionMiddleware } from './session.ts';
import { rejectUnstorableText } from './storable-text.ts';

export type ServiceDeps = {
  config: Config;
  logger: Logger;
  db: Knex;
  /** Sessions, rate-limit counters and queues: Redis, or PostgreSQL without Redis (see backends.ts). */
  backends: Backends;
};

declare module 'koa' {
  interface DefaultContext {
    log: Logger;
    requestId: string;
  }
}

/**
 * The chain every HTTP service shares: request metrics, request id and access log, the error mapping,
 * an API's security headers, health probes and `GET /metrics`, the shared session, the origin check, body
 * parsing, the refusal of bodies nested too deeply and of text PostgreSQL cannot store (NUL characters, in any body field or query
 * parameter). The service then mounts its own routers on the returned app.
 */
export function createServiceApp(
  deps: ServiceDeps,
  options: {
    originExempt?: string[];
    /** A service that cleans such text itself, because refusing it would lose data (the webhook receiver). */
    acceptsUnstorableText?: boolean;
    /** Adds the service's own series (its queues, say) to the registry served at `GET /metrics`. */
    metrics?: (registry: Registry) => void;
    /**
     * Form bodies are only read (`ctx.request.rawBody`), not parsed: for a service that parses them
     * itself (the webhook receiver's bracketed keys), so no request pays for parsing its body twice.
     */
    rawForms?: boolean;
    /**
     * false for a service nobody signs in to (the webhook receiver): no session is read or made, so a
     * request costs no session id and no cookie.
     */
    sessions?: boolean;
  } = {},
): Koa {
  const { config, logger, db, backends } = deps;
  const app = new Koa({ proxy: true });
  const registry = createMetricsRegistry({ db });
  options.metrics?.(registry);

  app.on('error', (error: unknown, ctx?: Context) => {
    const log = ctx?.log ?? logger;
    if (error instanceof OutsideServiceError)
      log.warn({ outside: error.message, reason: error.reason }, 'an outside service failed');
    else log.error({ err: error }, 'request failed');
  });

  app.use(requestMetrics(registry));
  app.use(requestLog(app, logger));
  app.use(readRestOfBody);
  app.use(privateJson);
  app.use(errorHandler);
  app.use(apiSecurityHeaders(config));
  app.use(healthRoutes(db, backends));
  app.use(metricsEndpoint(registry));
  if (options.sessions !== false) app.use(sessionMiddleware(app, backends.sessions, config));
  app.use(originCheck(config, options.originExempt));
  app.use(
    bodyParser({
      enableTypes: options.rawForms ? ['json', 'text'] : ['json', 'form', 'text'],
      ...(options.rawForms
        ? { extendTypes: { text: ['text/plain', 'application/x-www-form-urlencoded'] } }
        : {}),
      // DELETE too: deleting an account carries its confirmation (DELETE /api/account).
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      jsonLimit: BODY_LIMIT_BYTES,
      formLimit: BODY_LIMIT_BYTES,
      textLimit: BODY_LIMIT_BYTES,
      encoding: 'utf-8',
      onError: (error: Error, ctx: Context) => {
        throw undecodable(error, ctx) ?? error;
      },
    }),
  );
  app.use(rejectUnstorableText({ text: !options.acceptsUnstorableText }));
  return app;
}

/**
 * A compressed body that does not inflate (zlib's errors carry no HTTP status, so they were a 500): the
 * client's fault, answered 400. Errors that carry their status (413, 415, bad JSON) keep it.
 */
function undecodable(error: Error, ctx: Context): BadRequestError | undefined {
  const encoding = ctx.get('Content-Encoding');
  if ('status' in error || !encoding || encoding === 'identity') return undefined;
  return new BadRequestError(UNDECODABLE_BODY);
}

/** How long a refused body may take to arrive before its connection is closed. */
const DROP_REST_MS = 30_000;

/**
 * Once a call is answered, reads and drops what is left of its body (see dropRestOfBody), up to the
 * call's own limit. The body parser stops reading a body past its limit and leaves the request paused:
 * nginx, streaming an upload to the service, then waited on it until it gave up (a 503), and a kept-alive
 * connection never served its next request.
 */
async function readRestOfBody(ctx: Context, next: Next) {
  try {
    await next();
  } finally {
    dropRestOfBody(ctx.req, { bytes: bodyLimitOf(ctx.path), ms: DROP_REST_MS });
  }
}

/**
 * A JSON answer is about whoever asked (their programmes, progress, account): no shared cache keeps it
 * and no browser stores it, unless the call said otherwise. Outside the error handler, so errors too.
 */
async function privateJson(ctx: Context, next: Next) {
  await next();
  if (!ctx.response.get('Cache-Control') && /json/.test(ctx.response.type)) {
    ctx.set('Cache-Control', 'private, no-store');
  }
}

/**
 * Answers anything the service's routers did not: a JSON 404 (or 405, a known path's other method).
 * Mount it before the routers: it waits for everything after it (`await next()`) and only then looks at
 * what was answered.
 */
export function notFoundFallback() {
  return async function notFound(ctx: Context, next: Next) {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw new NotFoundError('Not found');
    }
    // A method no router implements (PROPFIND, TRACE), which allowedMethods answers 501: at a known path
    // (one its routes allow other methods of), the same refusal as another method; elsewhere, not found.
    if (ctx.status === 501 && ctx.body === undefined && !ctx.response.get('Allow')) {
      ctx.remove('Allow');
      throw new NotFoundError('Not found');
    }
    // A known path with another method (the routers' allowedMethods): JSON too, not Koa's text.
    if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
      ctx.status = 405;
      ctx.body = { error: 'Method not allowed' };
    }
  };
}

export function healthRoutes(db: Knex | undefined, backends: Pick<Backends, 'ping'> | undefined) {
  const schema = schemaCheck();
  return async function health(ctx: Context, next: Next) {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      const checks = await readiness(db, backends, schema);
      ctx.status = Object.values(checks).every((value) => value === 'ok') ? 200 : 503;
      ctx.body = { status: ctx.status === 200 ? 'ok' : 'unavailable', checks };
      return;
    }
    await next();
  };
}

/**
 * The schema check of one process: once the database holds every migration this code knows, it stays
 * so (a rollback is a release going back with it), so later probes ask nothing.
 */
function schemaCheck() {
  let current = false;
  return async (db: Knex): Promise<boolean> => (current ||= await schemaIsCurrent(db));
}

export async function readiness(
  db: Knex | undefined,
  backends: Pick<Backends, 'ping'> | undefined,
  schema: (db: Knex) => Promise<boolean>,
) {
  const within = <T>(promise: Promise<T>) =>
    Promise.race([
      promise,
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000)),
    ]);
  const checks: Record<string, 'ok' | 'down' | 'behind'> = {};
  if (db) {
    checks.database = await within(db.raw('select 1')).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    // Not ready before the release's migrations have run: traffic stays with the processes before it.
    if (checks.database === 'ok')
      checks.schema = await within(schema(db)).then(
        (current) => (current ? ('ok' as const) : ('behind' as const)),
        () => 'down' as const,
      );
  }
  // Redis, when it holds sessions and queues; without Redis, the database check covers them.
  if (backends?.ping)
    checks.redis = await within(backends.ping()).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
  return checks;
}
