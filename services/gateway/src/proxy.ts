import http from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import type { Context } from 'koa';

/** The largest request body the gateway passes on (but to uploads): the services' own limit (BODY_LIMIT, 100 kB). */
export const PROXY_BODY_LIMIT_BYTES = 100 * 1024;

const TOO_LARGE = { error: 'The request body is too large.' };
const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };

/**
 * Streams the request to the service and its answer back, keeping the Host header (so Origin checks
 * and cookies see the public host) and adding the X-Forwarded-* headers the services trust.
 *
 * A body over the limit is refused here with 413, declared (Content-Length) or not (chunked): the
 * upstream request is then destroyed, so its connection never returns to the keep-alive pool with
 * half a body in it. For the same reason a connection whose answer came before the whole body was
 * sent is closed rather than reused.
 */
export function proxyTo(
  ctx: Context,
  target: { host: string; port: number },
  forwarded: { protocol: string },
  bodyLimitBytes = PROXY_BODY_LIMIT_BYTES,
): Promise<void> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > bodyLimitBytes) {
    refuseTooLarge(ctx);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const headers = { ...ctx.req.headers };
    headers['x-forwarded-for'] = ctx.ip;
    headers['x-forwarded-proto'] = forwarded.protocol;
    headers['x-forwarded-host'] = ctx.host;

    let settled = false;
    const finish = () => {
      if (!settled) {
        settled = true;
        resolve();
      }
    };
    const upstream = http.request(
      { host: target.host, port: target.port, method: ctx.method, path: ctx.url, headers },
      (response) => {
        ctx.respond = false;
        ctx.res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(ctx.res);
        response.on('end', () => {
          if (!upstream.writableFinished) upstream.destroy();
          finish();
        });
        response.on('error', finish);
      },
    );
    upstream.on('error', () => {
      if (!ctx.res.headersSent && !settled) {
        ctx.status = 503;
        ctx.body = UNAVAILABLE;
      }
      finish();
    });

    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback: TransformCallback) {
        received += chunk.length;
        if (received > bodyLimitBytes) {
          callback();
          ctx.req.unpipe(limit);
          upstream.destroy();
          if (!ctx.res.headersSent && !settled) refuseTooLarge(ctx);
          finish();
          return;
        }
        callback(null, chunk);
      },
    });
    ctx.req.pipe(limit).pipe(upstream);
  });
}

function refuseTooLarge(ctx: Context) {
  ctx.status = 413;
  ctx.body = TOO_LARGE;
  // The rest of the body is not wanted: the client's connection closes after this answer.
  ctx.set('Connection', 'close');
}
