import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_ACCESS_PATH } from '@sleep-ritual/contracts/media';
import { REQUEST_HEAD_TOO_LARGE } from '../src/http/server.ts';
import { runTestNginx } from '../src/testing-nginx.ts';
import { freePort } from '../src/testing.ts';
import { localNginxArgs, renderLocalNginx, thisMachine } from '../../../scripts/render-nginx.ts';

// The configuration `npm run start:prod` renders, run by this machine's nginx (.ci/run installs it with
// its brotli module) over small builds and two replicas of a service that say who answered.
/** A name the upload calls give a stored image. */
const UPLOADED = `${'0f'.repeat(16)}.webp`;

let dir: string;
let nginx: Awaited<ReturnType<typeof runTestNginx>> | undefined;
let base: string;
const replicas: http.Server[] = [];
const seen: { replica: number; host?: string; forwardedFor?: string; requestId?: string }[] = [];

async function file(relative: string, content: string, compress: ('br' | 'gz')[] = []) {
  const full = path.join(dir, relative);
  await mkdir(path.dirname(full), { recursive: true });
  await writeFile(full, content);
  if (compress.includes('br')) await writeFile(`${full}.br`, brotliCompressSync(content));
  if (compress.includes('gz')) await writeFile(`${full}.gz`, gzipSync(content));
}

async function replica(index: number): Promise<number> {
  const server = http.createServer((req, res) => {
    seen.push({
      replica: index,
      host: req.headers.host,
      forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      requestId: req.headers['x-request-id'] as string | undefined,
    });
    req.resume();
    req.on('end', () => {
      if (req.url === MEDIA_ACCESS_PATH) {
        // As the catalog: a listener's cookie may have the file it asks about.
        const allowed =
          req.headers.cookie === 'listener=yes' && req.headers['x-media-path'] === '/media/demo/night-1.wav';
        res.writeHead(req.headers.cookie ? (allowed ? 204 : 403) : 401, {
          'content-type': 'application/json',
        });
        res.end(allowed ? undefined : JSON.stringify({ error: 'no' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-frame-options': 'SAMEORIGIN' });
      res.end(JSON.stringify({ replica: index }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  replicas.push(server);
  return (server.address() as AddressInfo).port;
}

/** A replica that dies with the request in hand: it reads the request, then drops the connection unanswered. */
const dropped: string[] = [];
async function failingReplica(): Promise<number> {
  const server = http.createServer((req) => {
    req.resume();
    req.on('end', () => {
      dropped.push(`${req.method} ${req.url}`);
      req.socket.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  replicas.push(server);
  return (server.address() as AddressInfo).port;
}

function get(pathname: string, headers: Record<string, string> = {}) {
  // node:http, not fetch: fetch would decompress and hide Content-Encoding's effect on the body.
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${base}${pathname}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'nginx-local-'));
  await file('marketing/index.html', '<!doctype html><title>Sleep Ritual</title>', ['br', 'gz']);
  await file('marketing/404.html', '<!doctype html><title>404 - Page Not Found</title>');
  await file('marketing/_astro/island.Ab12Cd.js', 'export const island = 1;', ['br', 'gz']);
  await file('members-app/index.html', '<!doctype html><title>Members</title>', ['br', 'gz']);
  await file('members-app/assets/index-Xy34Zw.js', 'console.log("members");', ['br', 'gz']);
  await file('media/demo/night-1.wav', 'RIFF0123456789');
  // As a volume that ignores case, or the ends of names, would find night-1.wav under these names.
  await file('media/demo/night-1.WAV', 'RIFF0123456789');
  await file('media/demo/night-1.wav.', 'RIFF0123456789');
  await file(`media/${UPLOADED}`, 'RIFF....WEBPVP8 ');

  const [first, second] = [await replica(1), await replica(2)];
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const confDir = path.join(dir, 'nginx');
  const files = renderLocalNginx({
    dir: confDir,
    port,
    upstreamPorts: {
      auth: [first, second],
      catalog: [first],
      progress: [await freePort()],
      webhooks: [await failingReplica(), first],
    },
    roots: {
      marketing: path.join(dir, 'marketing'),
      membersApp: path.join(dir, 'members-app'),
      media: path.join(dir, 'media'),
    },
    ipv6: false,
    ...thisMachine(),
  });
  nginx = await runTestNginx({ confDir, files, args: localNginxArgs(confDir), base });
});

afterAll(async () => {
  await nginx?.stop();
  for (const server of replicas) server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('nginx with the configuration npm run start:prod renders', () => {
  it('runs unprivileged from its own folder: pid and logs there', () => {
    expect(existsSync(path.join(dir, 'nginx', 'nginx.pid'))).toBe(true);
    expect(existsSync(path.join(dir, 'nginx', 'error.log'))).toBe(true);
  });

  it('serves a page brotli-compressed from the build, revalidated on every visit', async () => {
    const page = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toBe('Accept-Encoding');
  });

  it('serves gzip to a browser that takes only gzip, and the file itself to one that takes neither', async () => {
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('<!doctype html><title>Sleep Ritual</title>');
  });

  it('caches hashed bundles of both builds for a year', async () => {
    for (const asset of ['/_astro/island.Ab12Cd.js', '/app/assets/index-Xy34Zw.js']) {
      const answer = await get(asset, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, asset).toBe(200);
      expect(answer.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['content-encoding'], asset).toBe('br');
    }
  });

  it("answers the members app's routes with its shell, uncached", async () => {
    for (const route of [
      '/my-programs',
      '/programs/my-programs/',
      '/program/3/path/4/class/5',
      '/reset-password?token=abc',
      '/admin/programs/3',
    ]) {
      const shell = await get(route);
      expect(shell.status, route).toBe(200);
      expect(shell.body.toString(), route).toContain('<title>Members</title>');
      expect(shell.headers['cache-control'], route).toBe('no-cache');
    }
  });

  it("answers an unknown page with the 404 page and status 404, under the app's routes too", async () => {
    for (const route of [
      '/no-such-page',
      '/my-programs/3',
      '/programs',
      '/account/settings',
      '/program/abc',
      '/program/0',
    ]) {
      const missing = await get(route);
      expect(missing.status, route).toBe(404);
      expect(missing.body.toString(), route).toContain('404 - Page Not Found');
    }
  });

  it("takes turns between a service's replicas, keeping the host and saying who the client is", async () => {
    seen.length = 0;
    for (let i = 0; i < 4; i += 1) {
      const answer = await get('/api/user', { 'x-request-id': `test-request-${i}-abcdef` });
      expect(answer.status).toBe(200);
    }
    expect(seen.map((request) => request.replica).sort()).toEqual([1, 1, 2, 2]);
    expect(seen.every((request) => request.host === new URL(base).host)).toBe(true);
    expect(seen.every((request) => request.forwardedFor === '127.0.0.1')).toBe(true);
    expect(seen.map((request) => request.requestId)).toContain('test-request-0-abcdef');
  });

  it('serves an audio file with its type and byte ranges only to whom the catalog allows, cached privately', async () => {
    const range = await get('/media/demo/night-1.wav', { range: 'bytes=4-7', cookie: 'listener=yes' });
    expect(range.status).toBe(206);
    expect(range.headers['content-type']).toBe('audio/wav');
    expect(range.headers['content-range']).toBe('bytes 4-7/14');
    expect(range.body.toString()).toBe('0123');
    expect(range.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/media/demo/night-1.wav')).status).toBe(401);
    expect((await get('/media/demo/night-1.wav', { cookie: 'stranger=yes' })).status).toBe(403);
    expect((await get(`/media/${'2'.repeat(32)}.mp3`, { cookie: 'listener=yes' })).status).toBe(403);
    // Another spelling of the name asks too, or is refused: never served unasked.
    expect((await get('/media/demo/night-1.WAV')).status).toBe(401);
    expect((await get('/media/demo/night-1.wav.')).status).toBe(404);
    // The question itself cannot be asked from outside but through its /api address.
    expect((await get('/_media-access')).status).toBe(404);
  });

  it('keeps an uploaded file for a year, with its type and byte ranges; a missing upload is a 404', async () => {
    const whole = await get(`/media/${UPLOADED}`);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    const range = await get(`/media/${UPLOADED}`, { range: 'bytes=8-11' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe('WEBP');
    expect((await get(`/media/${'1'.repeat(32)}.webp`)).status).toBe(404);
  });

  it('passes an upload far over 100 kB to its service, and refuses such a body anywhere else', async () => {
    const post = (pathname: string, bytes: number) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(`${base}${pathname}`, {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(bytes) },
        });
        request.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        request.on('error', reject);
        request.end(Buffer.alloc(bytes, 120));
      });
    expect(await post('/api/admin/media/images', 2 * 1024 * 1024)).toBe(200);
    expect(await post('/api/admin/members', 2 * 1024 * 1024)).toBe(413);
  });

  it('sends a webhook on to the other replica when the first drops it unanswered', async () => {
    const post = () =>
      fetch(`${base}/api/webhooks/thrivecart`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'event=order.success&order_id=1',
      });
    const statuses = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await post()).status);
    // Round robin gave the failing replica one of the two: it was sent on, and both were answered.
    expect(dropped).toEqual(['POST /api/webhooks/thrivecart']);
    expect(statuses).toEqual([200, 200]);
  });

  it('answers an /api path no service owns with the JSON 404', async () => {
    const answer = await get('/api/no-such-thing');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toEqual({ error: 'Not found' });
  });

  it('adds the security headers to every answer it makes itself, with JSON errors for /api', async () => {
    const expectSecured = (answer: { headers: http.IncomingHttpHeaders }, what: string) => {
      expect(answer.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
      expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options'], what).toBe('DENY');
    };
    const json = (answer: { body: Buffer }) => JSON.parse(answer.body.toString());

    const health = await get('/healthz');
    expectSecured(health, '/healthz');
    const unknown = await get('/api/no-such-thing');
    expectSecured(unknown, 'an unknown /api path');
    expect(json(unknown)).toEqual({ error: 'Not found' });
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(404);
    expectSecured(metrics, '/metrics');
    const malformed = await get('/api/user/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expectSecured(malformed, 'a malformed address');
    expect(json(malformed)).toEqual({ error: 'The address is not valid.' });
    const longAddress = await get(`/api/user?q=${'a'.repeat(20_000)}`);
    const largeHeaders = await get('/api/user', { 'x-large': 'a'.repeat(20_000) });
    for (const [answer, what] of [
      [longAddress, 'an address past the buffers'],
      [largeHeaders, 'headers past the buffers'],
    ] as const) {
      expect(answer.status, what).toBe(431);
      expectSecured(answer, what);
      expect(json(answer), what).toEqual({ error: REQUEST_HEAD_TOO_LARGE });
    }
    const down = await get('/api/progress/1');
    expect(down.status).toBe(503);
    expectSecured(down, 'a service that does not answer');
    expect(json(down)).toHaveProperty('error');
    const tooLarge = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        const request = http.request(`${base}/api/user`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(200 * 1024) },
        });
        request.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        request.on('error', reject);
        request.end(Buffer.alloc(200 * 1024, 32));
      },
    );
    expect(tooLarge.status).toBe(413);
    expectSecured(tooLarge, 'a body too large');
    expect(json(tooLarge)).toEqual({ error: 'The request body is too large.' });
  });

  it("leaves a service's own security headers as they are, once", async () => {
    const proxied = await get('/api/user');
    expect(proxied.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(proxied.headers['content-security-policy']).toContain("default-src 'self'");
  });
});
