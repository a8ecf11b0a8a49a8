import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Config } from '@sleep-ritual/platform/config';
import { dropRestOfBody } from '@sleep-ritual/platform/http/drop-body';
import { securityHeaderWriter } from '@sleep-ritual/platform/http/security-headers';
import { requestIdOf } from '@sleep-ritual/platform/http/request-log';
import type { Logger } from '@sleep-ritual/platform/logger';
import {
  BODY_LIMIT_BYTES,
  bodyLimitOf,
  serviceForPath,
  UPLOAD_READ_TIMEOUT_SECONDS,
  UPSTREAM_READ_TIMEOUT_SECONDS,
  type ServiceName,
} from '@sleep-ritual/platform/routes';

/**
 * How long an idle connection to a service stays in the pool: below the services' keep-alive timeout
 * (65 s), so the gateway, not the service, closes it and never sends a request down a closing socket.
 */
const UPSTREAM_IDLE_MS = 60_000;

/**
 * How much of a body the gateway still reads, and drops, after answering before the body was all sent
 * (a 413, or a service's early answer), and for how long: a connection closed while the client is still
 * sending is reset, and the client never reads the answer (EPIPE, ECONNRESET). Past either bound the
 * connection is closed anyway, as nginx does after its `lingering_time`.
 */
export const DISCARD_LIMIT_BYTES = 64 * 1024 * 1024;
const DISCARD_LIMIT_MS = 30_000;

const NOT_FOUND = { error: 'Not found' };
const BAD_ADDRESS = { error: 'The address is not valid.' };
const TOO_LARGE = { error: 'The request body is too large.' };
const UNAVAILABLE = { error: 'The service is temporarily unavailable. Please try again shortly.' };

/** Connection-level headers that describe one hop, never passed on (the pool keeps its own connections). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

type ProxyOptions = { config: Config; logger: Logger; serviceHost: string; readTimeoutMs?: number };

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
 * it. For the same reason an upstream connection whose answer came before the whole body was sent is
 * closed rather than reused. Either way the client's connection ends only after its body did (read
 * and dropped, up to DISCARD_LIMIT_BYTES): closed while the client is still sending, it would be reset
 * and the client would never read the answer. The gateway's own answers (400, 404, 413, 503) carry
 * the services' security headers; a proxied answer brings the service's own.
 */
export function createApiProxy(options: ProxyOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { config, logger } = options;
  const upstreams: Upstreams = {
    agent: new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: UPSTREAM_IDLE_MS }),
    serviceHost: options.serviceHost,
    nextPort: roundRobin(config),
    writeSecurityHeaders: securityHeaderWriter(config),
    readTimeoutMs: options.readTimeoutMs ?? UPSTREAM_READ_TIMEOUT_SECONDS * 1000,
  };
  const debug = logger.isLevelEnabled('debug');

  return function proxyApi(req, res) {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (debug) logTiming(logger, req, res, path);
    const route = routeOf(req, path, config);
    if ('refusal' in route) {
      answer(upstreams.writeSecurityHeaders, res, route.status, route.refusal);
      return;
    }
    // Uploads have limits of their own; every other body the services' one.
    const bodyLimitBytes = bodyLimitOf(path);
    if (Number(req.headers['content-length'] || 0) > bodyLimitBytes) {
      refuseTooLarge(upstreams.writeSecurityHeaders, req, res);
      return;
    }
    forward(upstreams, req, res, { ...route, bodyLimitBytes });
  };
}

/** What the proxy forwards with: the pooled connections, the replicas' ports and the gateway's headers. */
type Upstreams = {
  agent: http.Agent;
  serviceHost: string;
  nextPort: (service: ServiceName) => number;
  writeSecurityHeaders: (res: ServerResponse) => void;
  /** How long a service may be silent before the call is answered 503; uploads get longer. */
  readTimeoutMs: number;
};

/** Round robin over a service's replicas (`npm start -- --replicas N`), as nginx's upstreams do. */
function roundRobin(config: Config): (service: ServiceName) => number {
  const turns = new Map<ServiceName, number>();
  return (service) => {
    const ports = config.replicaPorts[service];
    const turn = turns.get(service) ?? 0;
    turns.set(service, turn + 1);
    const port = ports[turn % ports.length];
    if (port === undefined) throw new Error(`No port is configured for the ${service} service.`);
    return port;
  };
}

function logTiming(logger: Logger, req: IncomingMessage, res: ServerResponse, path: string): void {
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

type Route = { service: ServiceName; protocol: string } | { status: number; refusal: object };

/** The service that owns the path and the scheme the visitor used, or the gateway's own refusal. */
function routeOf(req: IncomingMessage, path: string, config: Config): Route {
  // A path that does not decode (`/api/%E0%A4%A`) names nothing behind: refused before any use.
  try {
    decodeURIComponent(path);
  } catch {
    return { status: 400, refusal: BAD_ADDRESS };
  }
  const service = serviceForPath(path);
  if (!service) return { status: 404, refusal: NOT_FOUND };
  const protocol = forwardedProtocol(req);
  if (config.secureCookies && protocol !== 'https') {
    // Signed-in cookies are Secure: over plain http no service could set them (it was a 500).
    return {
      status: 400,
      refusal: { error: `Please use the secure address of this site: ${config.publicAppUrl}` },
    };
  }
  return { service, protocol };
}

function answer(
  writeSecurityHeaders: Upstreams['writeSecurityHeaders'],
  res: ServerResponse,
  status: number,
  body: object,
) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  writeSecurityHeaders(res);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * The rest of the body is not wanted: the whole answer is sent at once, and the client's connection
 * closes after it, but only once the client has sent its body (read and dropped, within bounds).
 */
function refuseTooLarge(
  writeSecurityHeaders: Upstreams['writeSecurityHeaders'],
  req: IncomingMessage,
  res: ServerResponse,
) {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(TOO_LARGE);
  writeSecurityHeaders(res);
  res.writeHead(413, {
    connection: 'close',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.write(text);
  endAfterBody(req, res);
}

/**
 * The request's headers as the service gets them: this hop's removed, the X-Forwarded-* ones set (no
 * X-Forwarded-Host for an HTTP/1.0 request that named no host). `clientAddress` is the socket's, read
 * while the client is still there.
 */
function forwardedHeaders(
  req: IncomingMessage,
  protocol: string,
  clientAddress: string,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  headers['x-forwarded-for'] = clientAddress;
  headers['x-forwarded-proto'] = protocol;
  if (req.headers.host === undefined) delete headers['x-forwarded-host'];
  else headers['x-forwarded-host'] = req.headers.host;
  // As nginx does: the id a proxy in front gave, or a new one, so the service's and the job's log
  // lines (and the trace) can be joined to this request.
  headers['x-request-id'] = requestIdOf(req.headers['x-request-id']);
  return headers;
}

type Forwarding = { service: ServiceName; protocol: string; bodyLimitBytes: number };

function forward(
  upstreams: Upstreams,
  req: IncomingMessage,
  res: ServerResponse,
  { service, protocol, bodyLimitBytes }: Forwarding,
) {
  const declared = req.headers['content-length'];
  const hasBody =
    declared !== undefined ? Number(declared) > 0 : req.headers['transfer-encoding'] !== undefined;
  // A client whose connection is already gone (reset right after its request) has no address left, and
  // nobody to answer: its request is not forwarded.
  const clientAddress = req.socket.remoteAddress;
  if (clientAddress === undefined) {
    res.destroy();
    return;
  }

  const upstream = http.request({
    host: upstreams.serviceHost,
    port: upstreams.nextPort(service),
    method: req.method,
    path: req.url,
    headers: forwardedHeaders(req, protocol, clientAddress),
    agent: upstreams.agent,
  });
  // Set once the rest of the body is no longer wanted upstream: the request is then destroyed on
  // purpose, and its error is not the service's failure.
  let abandoned = false;
  const abandon = () => {
    abandoned = true;
    req.off('data', onData);
    if (!upstream.writableFinished) upstream.destroy();
  };
  // As nginx's proxy_read_timeout: a service silent this long (hung, stopped) gets the 503 below.
  const upload = bodyLimitBytes > BODY_LIMIT_BYTES;
  upstream.setTimeout(upload ? UPLOAD_READ_TIMEOUT_SECONDS * 1000 : upstreams.readTimeoutMs, () =>
    upstream.destroy(new Error(`the ${service} service did not answer in time`)),
  );
  upstream.on('response', (response) => {
    // The service answered: a client slow to read it (the stream waits on it) is not the service's silence.
    upstream.setTimeout(0);
    relayAnswer(req, res, response, hasBody ? abandon : undefined);
  });
  upstream.on('error', () => {
    if (abandoned) return;
    if (res.headersSent) res.destroy();
    else answer(upstreams.writeSecurityHeaders, res, 503, UNAVAILABLE);
  });
  // The client went away before its answer was sent: the service's answer is not wanted either.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  if (res.destroyed) upstream.destroy();

  let received = 0;
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > bodyLimitBytes) {
      abandon();
      refuseTooLarge(upstreams.writeSecurityHeaders, req, res);
      return;
    }
    if (!upstream.write(chunk)) {
      req.pause();
      upstream.once('drain', () => req.resume());
    }
  }
  if (!hasBody) {
    upstream.end();
    return;
  }
  req.on('data', onData);
  req.on('end', () => {
    if (!abandoned) upstream.end();
  });
}

/**
 * Streams the service's answer to the client. A service may answer before the whole body arrived (a
 * refused upload): the client reads the answer in full, and the connection ends only after its body;
 * `abandonBody` (given when the request has one) stops sending it upstream.
 */
function relayAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  response: IncomingMessage,
  abandonBody: (() => void) | undefined,
) {
  const answerHeaders = { ...response.headers };
  for (const name of HOP_BY_HOP) delete answerHeaders[name];
  // The framing is this hop's own: chunked to an HTTP/1.1 client, to the close for an HTTP/1.0 one.
  delete answerHeaders['transfer-encoding'];
  res.writeHead(response.statusCode ?? 502, answerHeaders);
  response.pipe(res, { end: false });
  response.on('end', () => {
    if (!abandonBody) {
      res.end();
      return;
    }
    abandonBody();
    endAfterBody(req, res);
  });
}

/**
 * Ends the answer once the request's body has all arrived, reading and dropping what is left of it;
 * past DISCARD_LIMIT_BYTES or DISCARD_LIMIT_MS it ends at once and closes the connection.
 */
function endAfterBody(req: IncomingMessage, res: ServerResponse) {
  dropRestOfBody(req, { bytes: DISCARD_LIMIT_BYTES, ms: DISCARD_LIMIT_MS }, (cut) => {
    res.end();
    if (cut) req.socket.destroy();
  });
}

/**
 * The scheme of the visitor's request. The gateway is the edge for addresses, but an https
 * PUBLIC_APP_URL means TLS ends in a proxy in front of it, which says the scheme in X-Forwarded-Proto.
 */
export function forwardedProtocol(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-proto'];
  const forwarded = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
}
