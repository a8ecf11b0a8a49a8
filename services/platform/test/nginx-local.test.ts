import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, freePort } from '../src/testing.ts';
import { localNginxArgs, renderLocalNginx } from '../../../scripts/render-nginx.ts';

// The configuration `npm run start:prod` renders, run by this machine's nginx (.ci/run installs it with
// its brotli module) over small builds and two replicas of a service that say who answered.
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
/** A name the upload calls give a stored image. */
const UPLOADED = `${'0f'.repeat(16)}.webp`;

let dir: string;
let nginx: ChildProcess;
let nginxOutput = '';
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
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ replica: index }));
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
  await file(`media/${UPLOADED}`, 'RIFF....WEBPVP8 ');

  const [first, second] = [await replica(1), await replica(2)];
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const confDir = path.join(dir, 'nginx');
  const files = renderLocalNginx({
    dir: confDir,
    port,
    upstreamPorts: { auth: [first, second], catalog: [first], progress: [first], webhooks: [first] },
    roots: {
      marketing: path.join(dir, 'marketing'),
      membersApp: path.join(dir, 'members-app'),
      media: path.join(dir, 'media'),
    },
    ipv6: false,
    brotliModule: existsSync(BROTLI_MODULE) ? BROTLI_MODULE : undefined,
    mimeTypes: '/etc/nginx/mime.types',
    startedAsRoot: process.getuid?.() === 0,
  });
  await mkdir(path.join(confDir, 'temp'), { recursive: true });
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(confDir, name), content);

  nginx = spawn('nginx', localNginxArgs(confDir), { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stderr!.on('data', (chunk) => (nginxOutput += chunk));
  nginx.on('error', (error) => (nginxOutput += `nginx could not start: ${error.message}`));
  await eventually(
    () =>
      fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => nginx.exitCode !== null && Promise.reject(new Error(nginxOutput)),
      ),
    { timeoutMs: 10_000, what: 'nginx to answer /healthz' },
  );
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
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
    const shell = await get('/my-programs/3');
    expect(shell.status).toBe(200);
    expect(shell.body.toString()).toContain('<title>Members</title>');
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown page with the 404 page and status 404', async () => {
    const missing = await get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('404 - Page Not Found');
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

  it('serves the media store with its type and byte ranges', async () => {
    const range = await get('/media/demo/night-1.wav', { range: 'bytes=4-7' });
    expect(range.status).toBe(206);
    expect(range.headers['content-type']).toBe('audio/wav');
    expect(range.headers['content-range']).toBe('bytes 4-7/14');
    expect(range.body.toString()).toBe('0123');
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
    // The demo's tracks keep the hour: they are rendered again under the same names.
    expect((await get('/media/demo/night-1.wav')).headers['cache-control']).toBe('public, max-age=3600');
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

  it('answers an /api path no service owns with the JSON 404', async () => {
    const answer = await get('/api/no-such-thing');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body.toString())).toEqual({ error: 'Not found' });
  });
});
