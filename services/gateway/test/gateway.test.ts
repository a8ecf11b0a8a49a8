import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { MEDIA_ACCESS_PATH } from '@sleep-ritual/contracts/media';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { createTestDeps, eventually, listen, testConfig, uniqueEmail } from '@sleep-ritual/platform/testing';
import { createGateway } from '../src/app.ts';

const root = mkdtempSync(path.join(tmpdir(), 'gateway-'));
const marketingDir = path.join(root, 'marketing');
const membersAppDir = path.join(root, 'members');
mkdirSync(path.join(marketingDir, 'terms'), { recursive: true });
mkdirSync(path.join(membersAppDir, 'assets'), { recursive: true });
writeFileSync(path.join(marketingDir, 'index.html'), '<h1>Home</h1><script>console.log("island")</script>');
writeFileSync(path.join(marketingDir, 'terms', 'index.html'), '<h1>Terms of Service</h1>');
writeFileSync(
  path.join(marketingDir, '404.html'),
  "<h1>404 - Page Not Found</h1><p>The page you're looking for doesn't exist.</p>",
);
writeFileSync(path.join(membersAppDir, 'index.html'), '<div id="root"></div>');
writeFileSync(path.join(membersAppDir, 'assets', 'app-abc123.js'), 'console.log(1)');
const mediaDir = path.join(root, 'media');
mkdirSync(path.join(mediaDir, 'demo'), { recursive: true });
const track = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 256));
writeFileSync(path.join(mediaDir, 'demo', 'night-1.wav'), track);
writeFileSync(path.join(mediaDir, 'demo', '.generator-version'), '1');
writeFileSync(path.join(root, 'secret.wav'), 'outside the media folder');
writeFileSync(path.join(membersAppDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(membersAppDir, 'manifest.webmanifest'), '{"name":"Sleep Ritual"}');

const deps = createTestDeps();
let auth: Awaited<ReturnType<typeof listen>>;
let gateway: Awaited<ReturnType<typeof listen>>;
// As the catalog answers the gateway's question before an audio file: yes to a listener's cookie.
const LISTENER = 'listener=yes';
const catalog = http.createServer((req, res) => {
  const allowed = req.url === MEDIA_ACCESS_PATH && req.headers.cookie === LISTENER;
  res.writeHead(allowed ? 204 : 401, { 'content-type': 'application/json' });
  res.end(allowed ? undefined : JSON.stringify({ error: 'Please sign in to continue.' }));
});

beforeAll(async () => {
  auth = await listen(createAuthApp({ ...deps, sendEmail: async () => {}, forgetOrders: async () => 0 }));
  const authPort = new URL(auth.url).port;
  await new Promise<void>((resolve) => catalog.listen(0, '127.0.0.1', resolve));
  const catalogPort = String((catalog.address() as AddressInfo).port);
  const config = testConfig({
    AUTH_PORT: authPort,
    CATALOG_PORT: catalogPort,
    PROGRESS_PORT: '1',
    MEDIA_DIR: mediaDir,
  });
  gateway = await listen(createGateway({ config, logger: deps.logger, marketingDir, membersAppDir }));
});
afterAll(async () => {
  await gateway.close();
  await auth.close();
  catalog.close();
  await deps.close();
});

describe('gateway', () => {
  it('proxies /api/user to the auth service, which answers 401 JSON when signed out', async () => {
    const response = await fetch(`${gateway.url}/api/user`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Not signed in' });
  });

  it('answers 404 JSON for an API path no service owns', async () => {
    const response = await fetch(`${gateway.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it('answers 503 JSON when the owning service is down', async () => {
    const response = await fetch(`${gateway.url}/api/progress/1`);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/temporarily unavailable/);
  });

  it('answers 503 JSON when the owning service takes its call and never answers (hung, stopped)', async () => {
    const sockets: Socket[] = [];
    const hung = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const config = testConfig({ CATALOG_PORT: String((hung.address() as AddressInfo).port) });
    const waiting = await listen(
      createGateway({ config, logger: deps.logger, marketingDir, membersAppDir, upstreamReadTimeoutMs: 300 }),
    );
    try {
      const response = await fetch(`${waiting.url}/api/classes/1/details`);
      expect(response.status).toBe(503);
      expect(((await response.json()) as { error: string }).error).toMatch(/temporarily unavailable/);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      await waiting.close();
      for (const socket of sockets) socket.destroy();
      hung.close();
    }
  });

  it('serves the members app index.html on its routes, deep links included', async () => {
    for (const route of [
      '/sign-in',
      '/my-programs',
      '/programs/my-programs/',
      '/program/1/path/2/class/3',
      '/account/unsubscribe?token=abc',
      '/admin/programs',
      '/admin/no-such-screen',
    ]) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed members-app assets as immutable', async () => {
    const response = await fetch(`${gateway.url}/app/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the service worker for the whole origin and never from a long cache', async () => {
    const response = await fetch(`${gateway.url}/app/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
  });

  it('serves the web app manifest with its own type, and no other file may claim the origin', async () => {
    const response = await fetch(`${gateway.url}/app/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await response.json()).toEqual({ name: 'Sleep Ritual' });
    expect(response.headers.get('service-worker-allowed')).toBeNull();
    const asset = await fetch(`${gateway.url}/app/assets/app-abc123.js`);
    expect(asset.headers.get('service-worker-allowed')).toBeNull();
  });

  it('serves marketing pages, allowing their inline scripts by hash in the CSP', async () => {
    const home = await fetch(`${gateway.url}/`);
    expect(await home.text()).toContain('<h1>Home</h1>');
    expect(home.headers.get('content-security-policy')).toMatch(
      /script-src 'self' https:\/\/player\.vimeo\.com 'sha256-/,
    );
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    const terms = await fetch(`${gateway.url}/terms`);
    expect(await terms.text()).toContain('Terms of Service');
  });

  it("answers unknown paths with the marketing 404 page and status 404, under the app's routes too", async () => {
    for (const route of [
      '/no-such-page',
      '/programs',
      '/account/settings',
      '/program/abc',
      '/program/0',
      '/sign-in/again',
    ]) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).toContain('404 - Page Not Found');
    }
  });

  it('does not let a path escape the build folder', async () => {
    const response = await fetch(`${gateway.url}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });
});

describe('media under /media/ (MEDIA_DIR)', () => {
  const url = () => `${gateway.url}/media/demo/night-1.wav`;
  /** A listener the catalog allows. */
  const fetch = (address: string, init: RequestInit = {}) =>
    globalThis.fetch(address, { ...init, headers: { ...init.headers, cookie: LISTENER } });

  it('asks the catalog before an audio file, and answers its refusal', async () => {
    const response = await globalThis.fetch(url(), { headers: { Range: 'bytes=0-1' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Please sign in to continue.' });
    expectSecurityHeaders(response, 'a refused audio file');
  });

  it('asks the catalog before an audio file addressed with dot segments too, and serves it only after a yes', async () => {
    // As sent by `curl --path-as-is`: node:http, unlike fetch, sends the path as it is given.
    const get = (pathname: string, headers: http.OutgoingHttpHeaders = {}) =>
      new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
        const { hostname, port } = new URL(gateway.url);
        http
          .get({ hostname, port, path: pathname, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
            );
          })
          .on('error', reject);
      });
    for (const address of [
      '/media/demo/night-1.wav/.',
      '/media/demo/night-1.wav/a/..',
      '/media/demo/./night-1.wav',
      '/media/demo/x/../night-1.wav',
    ]) {
      const signedOut = await get(address);
      expect(signedOut.status, address).toBe(401);
      expect(JSON.parse(signedOut.body.toString()), address).toEqual({
        error: 'Please sign in to continue.',
      });
      const listener = await get(address, { cookie: LISTENER });
      expect(listener.status, address).toBe(200);
      expect(listener.body.equals(track), address).toBe(true);
    }
  });

  it('serves a whole file with its type, its length and the offer of byte ranges', async () => {
    const response = await fetch(url());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(track);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expectSecurityHeaders(response, 'media');
  });

  it.each([
    ['bytes=0-1', 0, 1],
    ['bytes=100-199', 100, 199],
    ['bytes=990-', 990, 999],
    ['bytes=-10', 990, 999],
    ['bytes=995-5000', 995, 999],
  ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
    const response = await fetch(url(), { headers: { Range: range } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(track.subarray(start, end + 1));
  });

  it('answers a range past the end with 416 and the length, and several ranges with the whole file', async () => {
    const past = await fetch(url(), { headers: { Range: 'bytes=1000-' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
    const several = await fetch(url(), { headers: { Range: 'bytes=0-1,5-6' } });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers HEAD with the headers alone, and a revalidation with 304', async () => {
    const head = await fetch(url(), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    // Not fetch: it adds Cache-Control: no-cache to a conditional request, as the fetch standard says.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(
          url(),
          { headers: { 'If-None-Match': head.headers.get('etag')!, cookie: LISTENER } },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        )
        .on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('finds no hidden file, no unknown type and nothing outside the folder, and refuses writes', async () => {
    for (const route of [
      '/media/demo/.generator-version',
      '/media/demo/night-9.wav',
      '/media/..%2fsecret.wav',
      '/media/demo/..%2f..%2fsecret.wav',
      '/media/demo/',
    ]) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).toContain('404 - Page Not Found');
    }
    const post = await fetch(url(), { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

/** The headers every answer carries, whoever made it. */
function expectSecurityHeaders(response: Response, what: string) {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('content-security-policy'), what).toContain("default-src 'self'");
  expect(response.headers.get('x-frame-options'), what).toBeTruthy();
}

/** Posts a chunked body (no Content-Length) of `bytes` bytes, as a client streaming it would. */
function postChunked(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      },
    );
    request.on('error', reject);
    const chunk = Buffer.alloc(16 * 1024, 'a');
    let sent = 0;
    const writeMore = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', writeMore);
      }
      request.end();
    };
    request.write('{"email":"');
    writeMore();
  });
}

describe('answers the gateway makes itself', () => {
  it('a malformed percent-encoding in the path is a clean 400 JSON, with the security headers', async () => {
    for (const route of ['/%E0%A4%A', '/api/%E0%A4%A', '/app/%ZZ']) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status, route).toBe(400);
      expect(await response.json()).toEqual({ error: 'The address is not valid.' });
      expectSecurityHeaders(response, route);
    }
  });

  it('/healthz, /readyz, an unknown /api path and a service that is down carry the security headers', async () => {
    for (const route of ['/healthz', '/readyz', '/api/nothing-here', '/api/progress/1']) {
      const response = await fetch(`${gateway.url}${route}`);
      expectSecurityHeaders(response, route);
      expect(response.headers.get('content-type'), route).toContain('application/json');
    }
  });

  it('a chunked body over the limit is 413, and the next request to that service answers at once', async () => {
    const refused = await postChunked(`${gateway.url}/api/login`, 400 * 1024);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ error: 'The request body is too large.' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const next = await fetch(`${gateway.url}/api/user`, { signal: AbortSignal.timeout(5_000) });
      expect(next.status).toBe(401);
    }
  });

  it('a declared body over the limit is 413 before the service is asked', async () => {
    const response = await fetch(`${gateway.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a'.repeat(200 * 1024), password: 'x' }),
    });
    expect(response.status).toBe(413);
    expectSecurityHeaders(response, '413');
  });
});

describe('behind https (an https PUBLIC_APP_URL)', () => {
  const secureDeps = createTestDeps({ PUBLIC_APP_URL: 'https://app.sleep.example' });
  let secureAuth: Awaited<ReturnType<typeof listen>>;
  let secureGateway: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    secureAuth = await listen(
      createAuthApp({ ...secureDeps, sendEmail: async () => {}, forgetOrders: async () => 0 }),
    );
    const config = testConfig({
      PUBLIC_APP_URL: 'https://app.sleep.example',
      AUTH_PORT: new URL(secureAuth.url).port,
    });
    secureGateway = await listen(
      createGateway({ config, logger: secureDeps.logger, marketingDir, membersAppDir }),
    );
  });
  afterAll(async () => {
    await secureGateway.close();
    await secureAuth.close();
    await secureDeps.close();
  });

  it('signs in with a Secure cookie when the TLS proxy says https, and answers a plain-http sign-in cleanly', async () => {
    const email = uniqueEmail('secure');
    await secureDeps.db('users').insert({ email, password: await hashPassword('secure-pass-1') });
    const signIn = (headers: Record<string, string>) =>
      fetch(`${secureGateway.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ email, password: 'secure-pass-1' }),
      });

    const plain = await signIn({});
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { error: string }).error).toMatch(/https:\/\/app\.sleep\.example/);
    expectSecurityHeaders(plain, 'plain http');

    const proxied = await signIn({ 'x-forwarded-proto': 'https' });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.getSetCookie().find((line) => line.startsWith('sr_session='))).toMatch(
      /;\s*secure/i,
    );
  });
});

describe('in front of replicas', () => {
  type Seen = { replica: number; url?: string; socket: string; connection?: string; forwardedFor?: string };
  const seen: Seen[] = [];
  const servers: http.Server[] = [];
  const aborted: number[] = [];
  let origin: Awaited<ReturnType<typeof listen>>;

  /** A stand-in for the catalog that says which replica and which connection answered. */
  async function replica(index: number): Promise<number> {
    const server = http.createServer((req, res) => {
      seen.push({
        replica: index,
        url: req.url,
        socket: `${index}:${req.socket.remotePort}`,
        connection: req.headers.connection,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      });
      if (req.url?.startsWith('/api/programs/slow')) {
        // Answers only if the gateway still waits; records that the gateway hung up instead.
        req.socket.once('close', () => aborted.push(index));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=65' });
      res.end(JSON.stringify({ replica: index }));
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    return (server.address() as { port: number }).port;
  }

  beforeAll(async () => {
    const first = await replica(1);
    await replica(2);
    // REPLICAS=2: the second replica listens 5 ports above the first, as `npm start -- --replicas 2`
    // arranges; here the stand-ins' own ports are given through the config instead.
    const config = testConfig({ CATALOG_PORT: String(first), REPLICAS: '2' });
    config.replicaPorts.catalog = servers.map((server) => (server.address() as { port: number }).port);
    origin = await listen(createGateway({ config, logger: deps.logger, marketingDir, membersAppDir }));
  });
  afterAll(async () => {
    await origin.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('takes turns between the replicas over a few reused connections, saying who the client is', async () => {
    seen.length = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < 6; i += 1) {
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders }>(
        (resolve, reject) =>
          http
            .get(`${origin.url}/api/programs`, { agent, headers: { connection: 'close' } }, (res) => {
              res.resume();
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
            })
            .on('error', reject),
      );
      expect(answer.status).toBe(200);
      // The service's keep-alive terms are its own connection's, not the visitor's.
      expect(answer.headers['keep-alive']).toBeUndefined();
    }
    agent.destroy();
    expect(seen.map((request) => request.replica)).toEqual([1, 2, 1, 2, 1, 2]);
    // The visitor's `Connection: close` is theirs: the gateway keeps its own connections open.
    expect(seen.every((request) => request.connection !== 'close')).toBe(true);
    expect(new Set(seen.map((request) => request.socket)).size).toBe(2);
    expect(seen.every((request) => /127\.0\.0\.1$/.test(request.forwardedFor ?? ''))).toBe(true);
  });

  it('hangs up on the service when the visitor gives up waiting', async () => {
    const controller = new AbortController();
    const pending = fetch(`${origin.url}/api/programs/slow`, { signal: controller.signal }).catch(
      (error: Error) => error.name,
    );
    await eventually(async () => seen.some((request) => request.url === '/api/programs/slow'), {
      what: 'the request to reach a replica',
    });
    expect(aborted).toEqual([]);
    controller.abort();
    expect(await pending).toBe('AbortError');
    await eventually(async () => aborted.length === 1, { what: 'the gateway to close the upstream request' });
  });
});

describe('static files', () => {
  it('sends a page precompressed, and still asks the browser to revalidate it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'gateway-compressed-'));
    writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync('<h1>Home</h1>'));
    writeFileSync(path.join(dir, '404.html'), '<h1>404</h1>');
    const config = testConfig();
    const site = await listen(
      createGateway({ config, logger: deps.logger, marketingDir: dir, membersAppDir }),
    );
    try {
      const page = await fetch(`${site.url}/`, { headers: { 'accept-encoding': 'br' } });
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toBe('<h1>Home</h1>');
    } finally {
      await site.close();
    }
  });
});

describe('request ids', () => {
  const seen: (string | undefined)[] = [];
  const upstream = http.createServer((req, res) => {
    seen.push(req.headers['x-request-id'] as string | undefined);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  let origin: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const config = testConfig({ CATALOG_PORT: String((upstream.address() as { port: number }).port) });
    origin = await listen(createGateway({ config, logger: deps.logger, marketingDir, membersAppDir }));
  });
  afterAll(async () => {
    await origin.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('mints one for a request that has none and passes it to the service, as nginx does', async () => {
    await fetch(`${origin.url}/api/programs`);
    await fetch(`${origin.url}/api/programs`, { headers: { 'x-request-id': 'not valid!' } });
    expect(seen).toHaveLength(2);
    for (const id of seen) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[0]).not.toBe(seen[1]);
  });

  it('keeps the id a proxy in front gave', async () => {
    seen.length = 0;
    await fetch(`${origin.url}/api/programs`, { headers: { 'x-request-id': 'edge-request-12345678' } });
    expect(seen).toEqual(['edge-request-12345678']);
  });
});
