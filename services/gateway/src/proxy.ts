import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Config } from '@sleep-ritual/platform/config';
import { securityHeaderWriter } from '@sleep-ritual/platform/http/security-headers';
import type { Logger } from '@sleep-ritual/platform/logger';
import { serviceForPath, uploadRoutes, type ServiceName } from '@sleep-ritual/platform/routes';

/** The largest request body the gateway passes on (but to uploads): the services' own limit (BODY_LIMIT, 100 kB). */
export const PROXY_BODY_LIMIT_BYTES = 100 * 1024;

/**
 * How long an idle connection to a service stays in the pool: below the services' keep-alive timeout
 * (65 s), so the gateway, not the service, closes it and never sends a request down a closing socket.
 */
const UPSTREAM_IDLE_MS = 60_000;

const NOT_FOUND = { error: 'Not found' };
const BAD_ADDRESS = { error: 'The address is not valid.' };
const TOO_LARGE = { error: 'The request body is too large.' };
const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };

/** Connection-level headers that describe one hop, never passed on (the pool keeps its own connections). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

type ProxyOptions = { config: Config; logger: Logger; serviceHost: string };

/** Whether a request is for /api, answered by the proxy rather than the static side. */
export function isApiRequest(url: string | undefined): boolean {
  return url !== undefined && /^\/api(?:[/?]|$)/.test(url);
}

/**
 * /api of the development gateway on node:http alone, with no middleware: this is the path every
 * learner call takes, so it costs what a reverse proxy must and no more. It streams the request to the
 * service that owns the path (in turn between its replicas) over pooled keep-alive connections and the
 * answer back, keeping the Host header (so Origin checks and cookies see the public host) and adding
 * the X-Forwarded-* headers the services trust. The gateway is the edge for addresses: it trusts no
 * X-Forwarded-For it receives.
 *
 * A body over the limit is refused here with 413, declared (Content-Length) or not (chunked): the
 * upstream request is then destroyed, so its connection never returns to the pool with half a body in
 * it. For the same reason a connection whose answer came before the whole body was sent is closed
 * rather than reused. The gateway's own answers (400, 404, 413, 503) carry the services' security
 * headers; a proxied answer brings the service's own.
 */
export function createApiProxy(options: ProxyOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { config, logger, serviceHost } = options;
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: UPSTREAM_IDLE_MS });
  const writeSecurityHeaders = securityHeaderWriter(config);
  const turns = new Map<ServiceName, number>();
  const debug = logger.isLevelEnabled('debug');

  /** Round robin over a service's replicas (`npm start -- --replicas N`), as nginx's upstreams do. */
  function nextPort(service: ServiceName): number {
    const ports = config.replicaPorts[service];
    const turn = turns.get(service) ?? 0;
    turns.set(service, turn + 1);
    return ports[turn % ports.length]!;
  }

  function answer(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    writeSecurityHeaders(res);
    res.writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  /** The rest of the body is not wanted: the client's connection closes after this answer. */
  function refuseTooLarge(res: ServerResponse) {
    answer(res, 413, TOO_LARGE, { connection: 'close' });
  }

  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    service: ServiceName,
    protocol: string,
    bodyLimitBytes: number,
  ) {
    const headers: IncomingHttpHeaders = { ...req.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    headers['x-forwarded-for'] = req.socket.remoteAddress;
    headers['x-forwarded-proto'] = protocol;
    headers['x-forwarded-host'] = req.headers.host;
    const declared = req.headers['content-length'];
    const hasBody =
      declared !== undefined ? Number(declared) > 0 : req.headers['transfer-encoding'] !== undefined;

    const upstream = http.request({
      host: serviceHost,
      port: nextPort(service),
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    upstream.on('response', (response) => {
      const answerHeaders = { ...response.headers };
      for (const name of HOP_BY_HOP) delete answerHeaders[name];
      res.writeHead(response.statusCode ?? 502, answerHeaders);
      response.pipe(res);
      response.on('end', () => {
        if (hasBody && !upstream.writableFinished) upstream.destroy();
      });
    });
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else answer(res, 503, UNAVAILABLE);
    });
    // The client went away before its answer was sent: the service's answer is not wanted either.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (res.destroyed) upstream.destroy();

    if (!hasBody) {
      upstream.end();
      return;
    }
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > bodyLimitBytes) {
        req.off('data', onData);
        req.pause();
        upstream.destroy();
        refuseTooLarge(res);
        return;
      }
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    };
    req.on('data', onData);
    req.on('end', () => {
      if (received <= bodyLimitBytes) upstream.end();
    });
  }

  return function proxyApi(req, res) {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (debug) {
      const started = performance.now();
      res.once('finish', () =>
        logger.debug({
          method: req.method,
          path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        }),
      );
    }
    // A path that does not decode (`/api/%E0%A4%A`) names nothing behind: refused before any use.
    try {
      decodeURIComponent(path);
    } catch {
      answer(res, 400, BAD_ADDRESS);
      return;
    }
    const service = serviceForPath(path);
    if (!service) {
      answer(res, 404, NOT_FOUND);
      return;
    }
    const protocol = forwardedProtocol(req);
    if (config.secureCookies && protocol !== 'https') {
      // Signed-in cookies are Secure: over plain http no service could set them (it was a 500).
      answer(res, 400, { error: `Please use the secure address of this site: ${config.publicAppUrl}` });
      return;
    }
    // Uploads have limits of their own; every other body the services' one.
    const bodyLimitBytes = uploadRoutes[path] ?? PROXY_BODY_LIMIT_BYTES;
    if (Number(req.headers['content-length'] || 0) > bodyLimitBytes) {
      refuseTooLarge(res);
      return;
    }
    forward(req, res, service, protocol, bodyLimitBytes);
  };
}

/**
 * The scheme of the visitor's request. The gateway is the edge for addresses, but an https
 * PUBLIC_APP_URL means TLS ends in a proxy in front of it, which says the scheme in X-Forwarded-Proto.
 */
function forwardedProtocol(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-proto'];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
}
