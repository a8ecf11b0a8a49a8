import http, { type IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDeps, listen, testConfig } from '@sleep-ritual/platform/testing';
import type { Context } from 'koa';
import { createGateway } from '../src/app.ts';
import { mediaAccessCheck, type MediaFile } from '../src/media-files.ts';

// Clients the gateway must outlive: one that sends no Host (HTTP/1.0 allows it), one gone before its
// request is forwarded. Either once crashed the gateway (an undefined X-Forwarded-* header), so every
// request in flight was lost and the supervisor's restarts grew slower.
const deps = createTestDeps();
const seen: IncomingHttpHeaders[] = [];
const auth = http.createServer((req, res) => {
  seen.push(req.headers);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ id: 1 }));
});
let gateway: Awaited<ReturnType<typeof listen>>;
let handler: http.RequestListener;

beforeAll(async () => {
  await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));
  const config = testConfig({ AUTH_PORT: String((auth.address() as AddressInfo).port) });
  const app = createGateway({
    config,
    logger: deps.logger,
    marketingDir: '/nonexistent',
    membersAppDir: '/nonexistent',
  });
  handler = app.callback();
  gateway = await listen(app);
});
afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => auth.close(resolve));
  await deps.close();
});

/** One request written as is over a socket; what came back, whole. */
function rawExchange(request: string): Promise<string> {
  const { hostname, port } = new URL(gateway.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(request);
  });
}

it('forwards an HTTP/1.0 request that names no Host, without an X-Forwarded-Host', async () => {
  const answer = await rawExchange('GET /api/user HTTP/1.0\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.[01] 200 /);
  // Framed as an HTTP/1.0 client reads it: no chunks, the body up to the close.
  expect(answer).not.toMatch(/transfer-encoding/i);
  expect(answer.endsWith('{"id":1}')).toBe(true);
  expect(seen.at(-1)).not.toHaveProperty('x-forwarded-host');
  expect(seen.at(-1)?.['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
  // And the gateway is still there for the next one.
  expect((await fetch(`${gateway.url}/api/user`)).status).toBe(200);
});

it('lets go of a request whose client is gone before it is forwarded, and serves the next', async () => {
  // A socket that never connected (or was reset): no remote address any more.
  const socket = new net.Socket();
  const req = new http.IncomingMessage(socket);
  Object.assign(req, { method: 'GET', url: '/api/user', headers: { host: 'localhost' }, httpVersion: '1.1' });
  const res = new http.ServerResponse(req);
  const before = seen.length;
  expect(() => handler(req, res)).not.toThrow();
  expect((await fetch(`${gateway.url}/api/user`)).status).toBe(200);
  expect(seen.length).toBe(before + 1);
});

it('keeps serving while clients reset their connections right after sending a request', async () => {
  const { hostname, port } = new URL(gateway.url);
  for (let n = 0; n < 150; n += 1) {
    await new Promise<void>((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port) }, () => {
        socket.write(`GET /api/user HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
        process.nextTick(() => {
          socket.resetAndDestroy();
          resolve();
        });
      });
      socket.on('error', () => resolve());
    });
  }
  expect((await fetch(`${gateway.url}/api/user`)).status).toBe(200);
});

it('asks the catalog nothing about a track for a client already gone, and says so rather than throwing', async () => {
  const check = mediaAccessCheck(
    testConfig({ CATALOG_PORT: String((auth.address() as AddressInfo).port) }),
    '127.0.0.1',
  );
  // What a reset connection leaves of a request: no remote address.
  const ctx = { req: { socket: {}, headers: {} }, get: () => '' } as unknown as Context;
  const asked = seen.length;
  await expect(check(ctx, 'demo/night-1.wav' as MediaFile)).resolves.toMatchObject({
    allowed: false,
    status: 503,
  });
  expect(seen.length).toBe(asked);
});
