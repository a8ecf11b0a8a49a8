import type { RequestListener } from 'node:http';
import path from 'node:path';
import Koa, { type Context, type Middleware } from 'koa';
import helmet from 'koa-helmet';
import type { Config } from '@sleep-ritual/platform/config';
import type { Logger } from '@sleep-ritual/platform/logger';
import { isMembersAppRoute } from '@sleep-ritual/contracts/app-routes';
import { serviceWorkerFile } from '@sleep-ritual/contracts/web-app';
import { contentSecurityPolicy, securityHeaders } from '@sleep-ritual/platform/http/security-headers';
import { isAudioMedia, mediaPrefix, membersAppAssetsPrefix } from '@sleep-ritual/platform/routes';
import { mediaAccessCheck, mediaFileOf, sendMedia } from './media-files.ts';
import { createApiProxy, isApiRequest } from './proxy.ts';
import { answerStarting } from './starting-page.ts';
import { inlineScriptHashes, marketingPage, sendFile } from './static-files.ts';

export type GatewayDeps = {
  config: Config;
  logger: Logger;
  marketingDir: string;
  membersAppDir: string;
  serviceHost?: string;
  /** False while `npm start` is still building the pages: page requests then answer 503 "Starting...". */
  pagesReady?: () => boolean;
  /** How long a service may be silent before its call is answered 503 (UPSTREAM_READ_TIMEOUT_SECONDS). */
  upstreamReadTimeoutMs?: number;
};

/**
 * The development origin: marketing pages, the members SPA and /api proxied to the services by the
 * route table in @sleep-ritual/platform/routes. Production serves the same table through nginx.
 * `/api` goes straight to the proxy (node:http, no middleware); everything else to the Koa app below.
 */
export function createGateway(deps: GatewayDeps): { callback(): RequestListener } {
  const serviceHost = deps.serviceHost ?? '127.0.0.1';
  const proxyApi = createApiProxy({
    config: deps.config,
    logger: deps.logger,
    serviceHost,
    readTimeoutMs: deps.upstreamReadTimeoutMs,
  });
  const rest = staticSide(deps, serviceHost).callback();
  return {
    callback: () => (req, res) => (isApiRequest(req.url) ? proxyApi(req, res) : void rest(req, res)),
  };
}

/** Health, readiness, the members app and the marketing pages. */
function staticSide(deps: GatewayDeps, serviceHost: string): Koa {
  const { config, logger } = deps;
  // The gateway is the edge: the client's address is the socket's, never a header it sent.
  const app = new Koa({ proxy: false });
  app.on('error', logAnswerError(logger));
  app.use(logTiming(logger));
  // Every answer made here (health, 400, 404, 405, errors) carries the services' headers; a static page
  // sets its CSP below.
  app.use(securityHeaders(config));
  app.use(answerFailures(logger));
  app.use(refuseUndecodablePath);
  app.use(routeStatic(deps, serviceHost));
  return app;
}

const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

/**
 * Errors after the answer began (a file's stream): a client that went away (a closed tab, a cancelled
 * download) is one line, not a stack; anything else is logged as an error.
 */
function logAnswerError(logger: Logger) {
  return (error: NodeJS.ErrnoException, ctx?: Context) => {
    const where = { method: ctx?.method, path: ctx?.path };
    if (error.code !== undefined && CLIENT_GONE_CODES.has(error.code)) {
      logger.info(where, 'the client closed the connection before the answer was sent');
    } else {
      logger.error({ ...where, err: error }, 'gateway answer failed');
    }
  };
}

function logTiming(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    await next();
    logger.debug({
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      ms: Math.round(performance.now() - started),
    });
  };
}

function answerFailures(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'gateway request failed');
      ctx.status = 500;
      ctx.body = { error: 'Something went wrong on our side. Please try again.' };
    }
  };
}

/** A path that does not decode (`/%E0%A4%A`) names nothing here or behind: refused before any use. */
const refuseUndecodablePath: Middleware = async (ctx, next) => {
  try {
    decodeURIComponent(ctx.path);
  } catch {
    ctx.status = 400;
    ctx.body = { error: 'The address is not valid.' };
    return;
  }
  await next();
};

/** Health and readiness first; then media, the members app and the marketing pages, or 404. */
function routeStatic(deps: GatewayDeps, serviceHost: string): Middleware {
  const { config, marketingDir, membersAppDir, pagesReady = () => true } = deps;
  const baseHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const defaultCsp = contentSecurityPolicy(config);
  const pages: Pages = { config, marketingDir, membersAppDir };
  const serveMedia = mediaFiles(config, serviceHost, pages);

  return async (ctx) => {
    if (ctx.path === '/healthz') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path === '/readyz') {
      await answerReadiness(ctx, config, serviceHost);
      return;
    }
    await baseHeaders(ctx, async () => {});
    ctx.set('Content-Security-Policy', defaultCsp);

    if (ctx.path.startsWith(mediaPrefix)) return serveMedia(ctx);
    if (!pagesReady()) return answerStarting(ctx);
    if (ctx.path.startsWith(membersAppAssetsPrefix)) return serveMembersAppAsset(ctx, pages);
    if (isMembersAppRoute(ctx.path)) {
      await sendFile(ctx, membersAppDir, 'index.html');
      return;
    }
    return serveMarketingPage(ctx, pages);
  };
}

/** Ready when every service behind it is ready. */
async function answerReadiness(ctx: Context, config: Config, serviceHost: string): Promise<void> {
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
}

/** Where the pages are, for the handlers that answer with a file or the 404 page. */
type Pages = { config: Config; marketingDir: string; membersAppDir: string };

/** Files under /media/; an audio file only for those who may play it. */
function mediaFiles(config: Config, serviceHost: string, pages: Pages) {
  const checkMediaAccess = mediaAccessCheck(config, serviceHost);
  return async (ctx: Context): Promise<void> => {
    if (refuseUnlessRead(ctx)) return;
    // Judged and served by the one normalised name: `night.mp3/.` is night.mp3 to the file system too.
    const file = mediaFileOf(decodeURIComponent(ctx.path.slice(mediaPrefix.length)));
    if (!file) return notFound(ctx, pages);
    if (isAudioMedia(file)) {
      const access = await checkMediaAccess(ctx, file);
      if (!access.allowed) {
        ctx.status = access.status;
        ctx.body = access.body;
        return;
      }
    }
    if (await sendMedia(ctx, config.mediaDir, file)) return;
    return notFound(ctx, pages);
  };
}

async function serveMembersAppAsset(ctx: Context, pages: Pages): Promise<void> {
  const relative = ctx.path.slice(membersAppAssetsPrefix.length);
  if (
    relative &&
    !relative.endsWith('index.html') &&
    (await sendFile(ctx, pages.membersAppDir, relative, membersAppFileHeaders[relative]))
  )
    return;
  return notFound(ctx, pages);
}

async function serveMarketingPage(ctx: Context, pages: Pages): Promise<void> {
  const { config, marketingDir } = pages;
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
  return notFound(ctx, pages);
}

async function notFound(ctx: Context, { config, marketingDir }: Pages): Promise<void> {
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
