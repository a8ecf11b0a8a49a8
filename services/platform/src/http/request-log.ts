import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';

/** A request slower than this is logged at info whatever its status. */
export const SLOW_REQUEST_MS = 500;

const INCOMING_REQUEST_ID = /^[\w-]{8,64}$/;
const CHILD_LOGGER = Symbol('child logger');

/**
 * The request's id: the X-Request-Id a proxy in front set (nginx, the development gateway) when it looks
 * like one, else a new UUID. The gateway mints it the same way for the services behind it.
 */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Request id (the proxy's X-Request-Id when it looks like one, else a new UUID) and the access log.
 * Every request is logged at debug; refusals, failures and slow requests also at info, so a busy
 * service at the usual info level writes a line only for what someone may need to look at.
 * `ctx.log` (a child logger carrying the request id) is made on first use: most requests never log.
 */
export function requestLog(app: Koa, logger: Logger) {
  Object.defineProperty(app.context, 'log', {
    configurable: true,
    get(this: Context & { [CHILD_LOGGER]?: Logger }) {
      return (this[CHILD_LOGGER] ??= logger.child({ requestId: this.requestId }));
    },
  });

  return async function requestLogMiddleware(ctx: Context, next: Next) {
    ctx.requestId = requestIdOf(ctx.req.headers['x-request-id']);
    ctx.res.setHeader('X-Request-Id', ctx.requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = performance.now() - started;
      const level = ctx.status >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
      if (logger.isLevelEnabled(level)) {
        ctx.log[level](
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms) },
          'request',
        );
      }
    }
  };
}
