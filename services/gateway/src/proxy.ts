import http from 'node:http';
import type { Context } from 'koa';

/**
 * Streams the request to the service and its answer back, keeping the Host header (so Origin checks
 * and cookies see the public host) and adding the X-Forwarded-* headers the services trust.
 */
export function proxyTo(ctx: Context, target: { host: string; port: number }): Promise<void> {
  return new Promise((resolve) => {
    const headers = { ...ctx.req.headers };
    headers['x-forwarded-for'] = ctx.ip;
    headers['x-forwarded-proto'] = ctx.protocol;
    headers['x-forwarded-host'] = ctx.host;

    const upstream = http.request(
      { host: target.host, port: target.port, method: ctx.method, path: ctx.url, headers },
      (response) => {
        ctx.respond = false;
        ctx.res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(ctx.res);
        response.on('end', resolve);
        response.on('error', resolve);
      },
    );
    upstream.on('error', () => {
      if (!ctx.res.headersSent) {
        ctx.status = 503;
        ctx.body = { error: 'The service is temporarily unavailable. Please try again shortly.' };
      }
      resolve();
    });
    ctx.req.pipe(upstream);
  });
}
