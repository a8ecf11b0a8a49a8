import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../src/http/server.ts';

let port = 0;
const server = createHttpServer((_req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end('{"ok":true}');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends raw bytes and reads the whole answer, until the server closes the connection. */
function exchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [headers = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(headers.split(' ')[1]), headers, body });
    });
    socket.end(request);
  });
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['headers past 16 KB', `GET /api/user HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['an address past 16 KB', `GET /api/user?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: a\r\n\r\n`, 431],
    ['a malformed request line', 'GET /api/user HTTP/9.9 nonsense\r\nHost: a\r\n\r\n', 400],
    ['a header without a colon', 'GET /api/user HTTP/1.1\r\nHost a\r\n\r\n', 400],
  ])('%s: answered %i in the JSON error shape, with nosniff', async (_name, request, status) => {
    const answer = await exchange(request);
    expect(answer.status).toBe(status);
    expect(answer.headers).toMatch(/^content-type: application\/json/im);
    expect(answer.headers).toMatch(/^x-content-type-options: nosniff/im);
    expect(typeof JSON.parse(answer.body).error).toBe('string');
  });

  it('answers the requests it can read as before', async () => {
    const answer = await exchange('GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('{"ok":true}');
  });
});
