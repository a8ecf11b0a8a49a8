import http from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Longer than nginx keeps an idle upstream connection (60 s), so nginx never sends a request on a
 * connection this server is closing (a POST it cannot retry: a 502, answered as 503).
 */
const KEEP_ALIVE_MS = 65_000;

/** The answer to a request line and headers past the parser's 16 KB (nginx's past its buffers too). */
export const REQUEST_HEAD_TOO_LARGE = 'The address or the headers of the request are too large.';

/** What Node's HTTP parser refuses before any app sees a request, as the apps answer: JSON. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, REQUEST_HEAD_TOO_LARGE];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'The request took too long to arrive.'];
    default:
      return [400, 'The request is not valid HTTP.'];
  }
}

/**
 * Answers a request the parser refused (an address or headers past 16 KB, a malformed request line)
 * in the JSON error shape, where Node's own answer has no body and no headers. A connection reset by
 * the client, or one whose answer has begun, is only closed.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ error: message });
  socket.end(
    [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/** The HTTP server of every process that listens: the services, the gateway, the worker's probes. */
export function createHttpServer(handler: http.RequestListener): http.Server {
  const server = http.createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('clientError', answerClientError);
  return server;
}
