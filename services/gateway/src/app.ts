import type { RequestListener } from 'node:http';
import path from 'node:path';
import Koa, { type Context } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '@sleep-ritual/platform/config';
import type { Logger } from '@sleep-ritual/platform/logger';
import { isMembersAppRoute } from '@sleep-ritual/contracts/app-routes';
import { serviceWorkerFile } from '@sleep-ritual/contracts/web-app';
import { contentSecurityPolicy, securityHeaders } from '@sleep-ritual/platform/http/security-headers';
import { mediaPrefix, membersAppAssetsPrefix } from '@sleep-ritual/platform/routes';
import { sendMedia } from './media-files.ts';
import { createApiProxy, isApiRequest } from './proxy.ts';
import { inlineScriptHashes, marketingPage, sendFile } from './static-files.ts';

export type GatewayDeps = {
  config: Config;
  logger: Logger;
  marketingDir: string;
  membersAppDir: string;
  serviceHost?: string;
};

/**
 * The development origin: marketing pages, the members SPA and /api proxied to the services by the
 * route table in @sleep-ritual/platform/routes. Production serves the same table through nginx.
 * `/api` goes straight to the proxy (node:http, no middleware); everything else to the Koa app below.
 */
export function createGateway(deps: GatewayDeps): { callback(): RequestListener } {
  const serviceHost = deps.serviceHost ?? '127.0.0.1';
  const proxyApi = createApiProxy({ config: deps.config, logger: deps.logger, serviceHost });
  const rest = staticSide(deps, serviceHost).callback();
  return {
    callback: () => (req, res) => (isApiRequest(req.url) ? proxyApi(req, res) : void rest(req, res)),
  };
}

/** Health, readiness, the members app and the marketing pages. */
function staticSide(deps: GatewayDeps, serviceHost: string): Koa {
  const { config, logger, marketingDir, membersAppDir } = deps;
  // The gateway is the edge: the client's address is the socket's, never a header it sent.
  const app = new Koa({ proxy: false });
  const baseHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const defaultCsp = contentSecurityPolicy(config);

  // Errors after the answer began (a file's stream): a client that went away (a closed tab, a cancelled
  // download) is one line, not a stack; anything else is logged as an error.
  app.on('error', (error: NodeJS.ErrnoException, ctx?: Context) => {
    const where = { method: ctx?.method, path: ctx?.path };
    if (
      error.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
      error.code === 'ECONNRESET' ||
      error.code === 'EPIPE'
    ) {
      logger.info(where, 'the client closed the connection before the answer was sent');
    } else {
      logger.error({ ...where, err: error }, 'gateway answer failed');
    }
  });

  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    logger.debug({
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      ms: Math.round(performance.now() - started),
    });
  });

  // Every answer made here (health, 400, 404, 405, errors) carries the services' headers; a static page
  // sets its CSP below.
  app.use(securityHeaders(config));

  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'gateway request failed');
      ctx.status = 500;
      ctx.body = { error: 'Something went wrong on our side. Please try again.' };
    }
  });

  app.use(async (ctx, next) => {
    // A path that does not decode (`/%E0%A4%A`) names nothing here or behind: refused before any use.
    try {
      decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      ctx.body = { error: 'The address is not valid.' };
      return;
    }
    await next();
  });

  app.use(async (ctx) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      // Ready when every service behind it is ready.
      const checks = Object.fromEntries(
        await Promise.all(
          Object.entries(config.replicaPorts).map(async ([name, ports]) => {
            const answers = await Promise.all(
              ports.map((port) =>
                fetch(`http://${serviceHost}:${port}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
                  (response) => response.ok,
                  () => false,
                ),
              ),
            );
            return [name, answers.every(Boolean) ? 'ok' : 'down'] as const;
          }),
        ),
      );
      ctx.status = Object.values(checks).every((value) => value === 'ok') ? 200 : 503;
      ctx.body = { status: ctx.status === 200 ? 'ok' : 'unavailable', checks };
      return;
    }
    await baseHeaders(ctx, async () => {});
    ctx.set('Content-Security-Policy', defaultCsp);

    if (ctx.path.startsWith(mediaPrefix)) {
      if (refuseUnlessRead(ctx)) return;
      const relative = decodeURIComponent(ctx.path.slice(mediaPrefix.length));
      if (await sendMedia(ctx, config.mediaDir, relative)) return;
      return notFound(ctx);
    }
    if (ctx.path.startsWith(membersAppAssetsPrefix)) {
      const relative = ctx.path.slice(membersAppAssetsPrefix.length);
      if (
        relative &&
        !relative.endsWith('index.html') &&
        (await sendFile(ctx, membersAppDir, relative, membersAppFileHeaders[relative]))
      )
        return;
      return notFound(ctx);
    }
    if (isMembersAppRoute(ctx.path)) {
      await sendFile(ctx, membersAppDir, 'index.html');
      return;
    }
    if (refuseUnlessRead(ctx)) return;
    const page = await marketingPage(marketingDir, ctx.path);
    if (page && page !== '404.html') {
      if (page.endsWith('.html')) {
        ctx.set(
          'Content-Security-Policy',
          contentSecurityPolicy(config, await inlineScriptHashes(path.join(marketingDir, page))),
        );
      }
      if (await sendFile(ctx, marketingDir, page)) return;
    }
    return notFound(ctx);
  });

  async function notFound(ctx: Context) {
    const page = path.join(marketingDir, '404.html');
    ctx.set(
      'Content-Security-Policy',
      contentSecurityPolicy(config, await inlineScriptHashes(page).catch(() => [])),
    );
    if (!(await sendFile(ctx, marketingDir, '404.html'))) {
      ctx.type = 'text/html';
      ctx.body = '<!doctype html><title>404 - Page Not Found</title><h1>404 - Page Not Found</h1>';
    }
    ctx.status = 404;
  }

  return app;
}

/** Files are only read: anything but GET and HEAD is a 405. */
function refuseUnlessRead(ctx: Context): boolean {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') return false;
  ctx.status = 405;
  ctx.body = { error: 'Method not allowed' };
  return true;
}

/**
 * The service worker is checked for updates on every visit (never a long cache), and controls the whole
 * origin although its file is under /app/: the app's routes share no other prefix.
 */
const membersAppFileHeaders: Record<string, Record<string, string>> = {
  [serviceWorkerFile]: { 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' },
};
