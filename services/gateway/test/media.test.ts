import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createCatalogApp } from '@sleep-ritual/catalog/app';
import { pngImage, wavAudio } from '@sleep-ritual/catalog/testing-media';
import { mediaNameOf } from '@sleep-ritual/contracts/media';
import { createCourse, createLearner, grant } from '@sleep-ritual/learning/testing-catalog';
import { runTestNginx } from '@sleep-ritual/platform/testing-nginx';
import {
  clientWithSession,
  createTestDeps,
  freePort,
  listen,
  testConfig,
} from '@sleep-ritual/platform/testing';
import { localNginxArgs, renderLocalNginx, thisMachine } from '../../../scripts/render-nginx.ts';
import { createGateway } from '../src/app.ts';

// The catalog service stores uploads in MEDIA_DIR; the gateway serves them from there.
const root = mkdtempSync(path.join(tmpdir(), 'gateway-media-'));
const mediaDir = path.join(root, 'media');
const marketingDir = path.join(root, 'marketing');
mkdirSync(marketingDir, { recursive: true });
writeFileSync(path.join(marketingDir, '404.html'), '<h1>404 - Page Not Found</h1>');

const deps = createTestDeps({ MEDIA_DIR: mediaDir });
let catalog: Awaited<ReturnType<typeof listen>>;
let gateway: Awaited<ReturnType<typeof listen>>;
let admin: Awaited<ReturnType<typeof clientWithSession>>;
// The production origin over the same catalog and media store: nginx as `npm run start:prod` runs it.
let nginx: Awaited<ReturnType<typeof runTestNginx>>;
let nginxUrl: string;

beforeAll(async () => {
  catalog = await listen(createCatalogApp(deps));
  const catalogPort = Number(new URL(catalog.url).port);
  const nginxPort = await freePort();
  nginxUrl = `http://127.0.0.1:${nginxPort}`;
  const confDir = path.join(root, 'nginx');
  nginx = await runTestNginx({
    confDir,
    base: nginxUrl,
    args: localNginxArgs(confDir),
    files: renderLocalNginx({
      dir: confDir,
      port: nginxPort,
      upstreamPorts: {
        auth: [catalogPort],
        catalog: [catalogPort],
        progress: [catalogPort],
        webhooks: [catalogPort],
      },
      roots: { marketing: marketingDir, membersApp: marketingDir, media: mediaDir },
      ipv6: false,
      ...thisMachine(),
    }),
  });
  const config = testConfig({ MEDIA_DIR: mediaDir, CATALOG_PORT: new URL(catalog.url).port });
  gateway = await listen(
    createGateway({ config, logger: deps.logger, marketingDir, membersAppDir: marketingDir }),
  );
  admin = await clientWithSession(gateway.url, deps, { isAdmin: true });
});
afterAll(async () => {
  await nginx.stop();
  await gateway.close();
  await catalog.close();
  await deps.close();
});

/** Uploads through the gateway, as the admin screens do; answers the stored file's address. */
async function upload(address: string, bytes: Buffer, fileName: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await admin.request(address, { method: 'POST', body: form });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`${address} answered ${response.status}: ${body.error}`);
  return body.url;
}

describe('uploads through the gateway and the files it serves', () => {
  it('passes an upload far over the 100 kB API body limit, and serves the resized WebP for a year', async () => {
    const image = await pngImage(1400, 900, { noise: true });
    expect(image.length).toBeGreaterThan(1024 * 1024);
    const url = await upload('/api/admin/media/images?purpose=program-card', image, 'card.png', 'image/png');

    const response = await fetch(`${gateway.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(0, 4).toString()).toBe('RIFF');
    expect(body.subarray(8, 12).toString()).toBe('WEBP');
    expect(body.equals(readFileSync(path.join(mediaDir, mediaNameOf(url)!)))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
  });

  it('answers a byte range of an uploaded audio file with 206 and exactly those bytes (to the admin who uploaded it)', async () => {
    const wav = wavAudio(30); // 480 kB
    const url = await upload('/api/admin/media/audio', wav, 'night.wav', 'audio/wav');
    // Audio goes only to those allowed; an admin session hears every file.
    const fetch = (address: string, init: RequestInit = {}) =>
      admin.request(address.slice(gateway.url.length), init);

    const part = await fetch(`${gateway.url}${url}`, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/wav');
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${wav.length}`);
    expect(part.headers.get('content-length')).toBe('1000');
    expect(part.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(1000, 2000))).toBe(true);

    const tail = await fetch(`${gateway.url}${url}`, { headers: { range: 'bytes=-44' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(
      `bytes ${wav.length - 44}-${wav.length - 1}/${wav.length}`,
    );
    expect(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 44))).toBe(true);

    const open = await fetch(`${gateway.url}${url}`, { headers: { range: `bytes=${wav.length - 10}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(10);

    const outside = await fetch(`${gateway.url}${url}`, { headers: { range: `bytes=${wav.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${wav.length}`);

    const head = await fetch(`${gateway.url}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(wav.length));
  });

  it('answers 404 for a name it does not hold or could not have given, and 405 for a write', async () => {
    for (const address of [
      `/media/${'a'.repeat(32)}.webp`,
      '/media/.uploads/anything',
      '/media/../README.md',
      '/media/notes.html',
    ]) {
      const response = await fetch(`${gateway.url}${address}`);
      expect(response.status, address).toBe(404);
    }
    const write = await fetch(`${gateway.url}/media/${'a'.repeat(32)}.webp`, { method: 'PUT', body: 'x' });
    expect(write.status).toBe(405);
  });

  it('refuses an upload declared larger than its limit with 413, and still serves the next call', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${gateway.url}/api/admin/media/images?purpose=path-card`, {
        method: 'POST',
        headers: {
          cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(11 * 1024 * 1024),
        },
      });
      request.on('response', (answer) => {
        answer.resume();
        answer.on('end', () => {
          resolve(answer.statusCode ?? 0);
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(status).toBe(413);
    const next = await admin.request('/api/admin/media/images?purpose=banner', { method: 'POST' });
    expect(next.status).toBe(400);
  });
});

describe.each([
  ['the development gateway', () => gateway.url],
  ['nginx', () => nginxUrl],
])("a class's audio through %s", (_origin, originUrl) => {
  /** A class playing a freshly uploaded track, a learner who owns it, and one whose purchase was refunded. */
  async function classWithAudio() {
    const wav = wavAudio(2);
    const url = await upload('/api/admin/media/audio', wav, 'night.wav', 'audio/wav');
    const { programId, classId } = await createCourse(deps.db);
    await deps.db('classes').where({ id: classId }).update({ audioUrl: url });
    const owner = await createLearner(deps.db);
    await grant(deps.db, owner, programId);
    const refunded = await createLearner(deps.db);
    await grant(deps.db, refunded, programId, 'refunded');
    return { url, wav, classId, owner, refunded };
  }

  it('plays to an owner, byte ranges included, and to nobody else', async () => {
    const { url, wav, owner, refunded } = await classWithAudio();
    const ownerClient = await clientWithSession(originUrl(), deps, { userId: owner });
    const part = await ownerClient.request(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(100, 200))).toBe(true);
    expect(part.headers.get('cache-control')).toBe('private, no-cache');

    const signedOut = await fetch(`${originUrl()}${url}`);
    expect(signedOut.status).toBe(401);
    const refundedClient = await clientWithSession(originUrl(), deps, { userId: refunded });
    const refused = await refundedClient.request(url, { headers: { range: 'bytes=0-99' } });
    expect(refused.status).toBe(403);
    expect(Buffer.from(await refused.arrayBuffer()).includes(wav.subarray(0, 44))).toBe(false);
  });

  it('stops playing to an owner while the class is locked or not yet opened by the drip, and once their purchase is revoked', async () => {
    const { url, classId, owner } = await classWithAudio();
    const ownerClient = await clientWithSession(originUrl(), deps, { userId: owner });
    expect((await ownerClient.request(url)).status).toBe(200);
    await deps.db('classes').where({ id: classId }).update({ isUnlocked: false });
    expect((await ownerClient.request(url)).status).toBe(403);
    await deps.db('classes').where({ id: classId }).update({ isUnlocked: true, opensAfterDays: 3 });
    expect((await ownerClient.request(url)).status, 'a night the drip has not opened yet').toBe(403);
    await deps.db('classes').where({ id: classId }).update({ opensAfterDays: 0 });
    expect((await ownerClient.request(url)).status).toBe(200);
    await deps.db('purchases').where({ userId: owner }).update({ status: 'revoked' });
    expect((await ownerClient.request(url)).status).toBe(403);
  });

  it('keeps images public for the cards', async () => {
    const image = await pngImage(400, 300);
    const url = await upload('/api/admin/media/images?purpose=path-card', image, 'card.png', 'image/png');
    expect((await fetch(`${originUrl()}${url}`)).status).toBe(200);
  });
});

describe.each([
  ['the development gateway', () => gateway.url, { signedOut: 400, signedIn: 400 }],
  ['nginx', () => nginxUrl, { signedOut: 401, signedIn: 403 }],
])('an audio address that does not decode, through %s', (_origin, originUrl, expected) => {
  it('is refused with a 4xx, signed out or in, never a server error', async () => {
    const address = '/media/%C3%28.mp3';
    const signedOut = await fetch(`${originUrl()}${address}`);
    expect(signedOut.status).toBe(expected.signedOut);
    const learner = await clientWithSession(originUrl(), deps, { userId: await createLearner(deps.db) });
    expect((await learner.request(address)).status).toBe(expected.signedIn);
  });
});
