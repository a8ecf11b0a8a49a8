import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PREVIEW_HEADER } from '@sleep-ritual/contracts/admin-preview';
import { classDetailsSchema } from '@sleep-ritual/contracts/catalog';
import { IMAGE_MAX_BYTES, MEDIA_MESSAGES, mediaNameOf } from '@sleep-ritual/contracts/media';
import {
  clientWithSession,
  createClient,
  createTestDeps,
  eventually,
  listen,
} from '@sleep-ritual/platform/testing';
import { createApp } from '../src/app.ts';
import { call, createTree } from './admin-fixtures.ts';
import { pixelBudget } from '../src/domain/pixel-budget.ts';
import { jpegImage, mp3Audio, pngImage, svgImage, wavAudio } from '../src/testing-media.ts';

const mediaDir = mkdtempSync(path.join(tmpdir(), 'media-'));
const deps = createTestDeps({ MEDIA_DIR: mediaDir });
let server: Awaited<ReturnType<typeof listen>>;
let admin: Awaited<ReturnType<typeof clientWithSession>>;

beforeAll(async () => {
  server = await listen(createApp(deps));
  admin = await clientWithSession(server.url, deps, { isAdmin: true });
});
afterAll(async () => {
  await server.close();
  await deps.close();
});

type Client = ReturnType<typeof createClient>;

/** Posts a file as the admin screens do: multipart/form-data, the file in the field `file`. */
async function upload(client: Client, address: string, bytes: Buffer, fileName: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), fileName);
  const response = await client.request(address, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

const uploadImage = (client: Client, bytes: Buffer, fileName: string, type = 'image/png') =>
  upload(client, '/api/admin/media/images?purpose=program-card', bytes, fileName, type);
const uploadAudio = (client: Client, bytes: Buffer, fileName: string, type = 'audio/mpeg') =>
  upload(client, '/api/admin/media/audio', bytes, fileName, type);

/**
 * Sends a whole call and then GET /healthz down one connection, as nginx sends calls down the
 * connections it keeps to a service; the statuses of the two answers, once both came.
 */
function thenHealthCheck(call: Buffer): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
      if (statuses.length === 2 && received.endsWith('{"status":"ok"}')) {
        socket.destroy();
        resolve(statuses);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`The connection closed after: ${received.slice(0, 300)}`)));
    socket.write(call);
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  });
}

/** The files in the store, scratch files of uploads in progress included. */
function storedFiles(): string[] {
  const scratch = path.join(mediaDir, '.uploads');
  const inScratch = readdirSync(scratch, { withFileTypes: true }).map((entry) => `.uploads/${entry.name}`);
  return [...readdirSync(mediaDir).filter((name) => name !== '.uploads'), ...inScratch];
}

let before: string[] = [];
beforeEach(async () => {
  // The first upload makes the scratch folder; every test then compares the store with this.
  if (!readdirSync(mediaDir).includes('.uploads')) await uploadImage(admin, Buffer.from('x'), 'x.png');
  before = storedFiles();
});
const added = () => storedFiles().filter((name) => !before.includes(name));

describe('image uploads', () => {
  it('resizes the image to its field’s recommended size, stores it as WebP under a random name and records it', async () => {
    const { status, body } = await uploadImage(admin, await pngImage(1600, 1200), 'Night sky.png');

    expect(status).toBe(201);
    expect(body).toMatchObject({
      contentType: 'image/webp',
      width: 1200,
      height: 675,
      sourceWidth: 1600,
      sourceHeight: 1200,
    });
    const name = mediaNameOf(body.url);
    expect(name).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(added()).toEqual([name]);
    const stored = await sharp(readFileSync(path.join(mediaDir, name!))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 1200, height: 675 });
    expect(body.bytes).toBe(readFileSync(path.join(mediaDir, name!)).length);
    const row = await deps.db('media_files').where({ name }).first();
    expect(row).toMatchObject({
      kind: 'image',
      contentType: 'image/webp',
      width: 1200,
      height: 675,
      purpose: 'program-card',
      originalName: 'Night sky.png',
    });
    const audited = await deps
      .db('admin_audit_log')
      .where({ action: 'upload-media' })
      .whereRaw(`details->>'url' = ?`, [body.url]);
    expect(audited).toHaveLength(1);
  });

  it('sizes each field as the spec recommends, and takes a JPEG whatever it is called', async () => {
    const form = (purpose: string) => `/api/admin/media/images?purpose=${purpose}`;
    const jpeg = await jpegImage(900, 900);
    const sizes: Record<string, [number, number]> = {
      'program-cover': [2688, 512],
      'path-card': [400, 225],
      'path-cover': [2688, 512],
      'class-cover': [1200, 675],
    };
    for (const [purpose, [width, height]] of Object.entries(sizes)) {
      const { status, body } = await upload(admin, form(purpose), jpeg, 'cover.png', 'image/png');
      expect(status, purpose).toBe(201);
      expect([body.width, body.height], purpose).toEqual([width, height]);
    }
  });

  it('refuses a file whose bytes are not an image, whatever its name and type say, and keeps nothing', async () => {
    const { status, body } = await uploadImage(
      admin,
      Buffer.from('just some text\n'.repeat(50)),
      'photo.png',
    );
    expect(status).toBe(415);
    expect(body).toEqual({ error: MEDIA_MESSAGES.notImage });
    expect(added()).toEqual([]);
  });

  it('refuses audio sent as an image', async () => {
    const { status, body } = await uploadImage(admin, wavAudio(1), 'photo.jpg', 'image/jpeg');
    expect(status).toBe(415);
    expect(body.error).toBe(MEDIA_MESSAGES.notImage);
    expect(added()).toEqual([]);
  });

  it('refuses an SVG, even named .png, and keeps nothing', async () => {
    for (const [fileName, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ]) {
      const { status, body } = await uploadImage(admin, svgImage, fileName!, type);
      expect(status, fileName).toBe(415);
      expect(body.error).toBe(MEDIA_MESSAGES.svg);
    }
    expect(added()).toEqual([]);
  });

  it('refuses an HTML page named .jpg', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const { status, body } = await uploadImage(admin, page, 'cover.jpg', 'image/jpeg');
    expect(status).toBe(415);
    expect(body.error).toBe(MEDIA_MESSAGES.html);
    expect(added()).toEqual([]);
  });

  it('refuses an image of more than 10 MB as it streams in, and keeps nothing of it', async () => {
    // A real PNG's start, then more bytes than the limit: refused when the limit is passed.
    const start = await pngImage(10, 10);
    const oversize = Buffer.concat([start, Buffer.alloc(IMAGE_MAX_BYTES + 1 - start.length, 7)]);
    const { status, body } = await uploadImage(admin, oversize, 'huge.png');
    expect(status).toBe(413);
    expect(body).toEqual({ error: MEDIA_MESSAGES.imageTooLarge });
    expect(added()).toEqual([]);
  });

  it('refuses an image of more than 50 megapixels by its header, before decoding it, and keeps nothing', async () => {
    // A small PNG whose header says 8000 × 7000 (56 megapixels): the size is all the server may read.
    const png = await pngImage(10, 10);
    const header = png.subarray(12, 29);
    header.writeUInt32BE(8000, 4);
    header.writeUInt32BE(7000, 8);
    png.writeUInt32BE(crc32(header), 29);
    const { status, body } = await uploadImage(admin, png, 'vast.png');
    expect(status).toBe(413);
    expect(body).toEqual({ error: MEDIA_MESSAGES.imageTooManyPixels });
    expect(added()).toEqual([]);
  });

  it('refuses a body whose declared length is far over the limit before reading it', async () => {
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/admin/media/images?purpose=path-card`, {
        method: 'POST',
        headers: {
          cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(50 * IMAGE_MAX_BYTES),
        },
      });
      request.on('response', (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
        answer.on('end', () => {
          resolve({ status: answer.statusCode ?? 0, body: text });
          request.destroy();
        });
      });
      request.on('error', reject);
      request.write('--x\r\n');
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ error: MEDIA_MESSAGES.imageTooLarge });
    expect(added()).toEqual([]);
  });

  it('reads to its end a body it refused early, so the connection serves its next call (as nginx reuses it)', async () => {
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    // JSON far over the body parser's limit, chunked as nginx streams an upload: refused at 100 kB.
    const json = Buffer.alloc(2 * 1024 * 1024, '9');
    const chunked = Buffer.concat([
      Buffer.from(
        'POST /api/admin/media/images?purpose=path-card HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Cookie: ${cookie}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
          `${json.length.toString(16)}\r\n`,
      ),
      json,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    // An image over its limit, refused as it streams in.
    const boundary = 'over-the-limit';
    const file = Buffer.concat([await pngImage(10, 10), Buffer.alloc(IMAGE_MAX_BYTES, 7)]);
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const multipart = Buffer.concat([
      Buffer.from(
        'POST /api/admin/media/images?purpose=path-card HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${form.length}\r\n\r\n`,
      ),
      form,
    ]);

    expect(await thenHealthCheck(chunked)).toEqual([413, 200]);
    expect(await thenHealthCheck(multipart)).toEqual([413, 200]);
    expect(added()).toEqual([]);
  });

  it('keeps nothing of an upload cut off midway', async () => {
    const image = await pngImage(800, 800, { noise: true });
    const boundary = 'cut-off-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    await new Promise<void>((resolve) => {
      const request = http.request(`${server.url}/api/admin/media/images?purpose=program-card`, {
        method: 'POST',
        headers: {
          cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + image.length + 100),
        },
      });
      request.on('error', () => resolve());
      request.write(Buffer.concat([head, image.subarray(0, image.length / 2)]), () => {
        // The half that was sent has reached the scratch file: now the browser goes away.
        void eventually(async () => added().length > 0, { what: 'the scratch file' }).then(() => {
          request.destroy();
          resolve();
        });
      });
    });
    await eventually(async () => added().length === 0, { what: 'the scratch file to be removed' });
    expect(added()).toEqual([]);
  });

  it('answers 400 for a field the call does not know, and 415 for a body that is not multipart', async () => {
    const unknown = await upload(
      admin,
      '/api/admin/media/images?purpose=banner',
      await pngImage(10, 10),
      'a.png',
      'image/png',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/^purpose must be one of program-card/);

    const json = await admin.request('/api/admin/media/images?purpose=path-card', {
      method: 'POST',
      json: { file: 'data' },
    });
    expect(json.status).toBe(415);
    expect((await json.json()).error).toBe(MEDIA_MESSAGES.notMultipart);

    const empty = new FormData();
    empty.append('note', 'no file here');
    const none = await admin.request('/api/admin/media/images?purpose=path-card', {
      method: 'POST',
      body: empty,
    });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toBe(MEDIA_MESSAGES.noFile);
    expect(added()).toEqual([]);
  });
});

describe('audio uploads', () => {
  it('stores a WAV as sent, under a random name, with its length read and recorded', async () => {
    const wav = wavAudio(3);
    const { status, body } = await uploadAudio(admin, wav, 'Night 1.wav', 'audio/wav');

    expect(status).toBe(201);
    expect(body).toMatchObject({ contentType: 'audio/wav', bytes: wav.length, durationSeconds: 3 });
    const name = mediaNameOf(body.url);
    expect(name).toMatch(/^[0-9a-f]{32}\.wav$/);
    expect(added()).toEqual([name]);
    expect(readFileSync(path.join(mediaDir, name!)).equals(wav)).toBe(true);
    const row = await deps.db('media_files').where({ name }).first();
    expect(row).toMatchObject({ kind: 'audio', contentType: 'audio/wav', durationSeconds: 3 });
  });

  it("finds a WAV track's quiet spans at upload, keeps them with the class that plays it and serves them with its details", async () => {
    const wav = wavAudio(20, 8000, {
      gaps: [
        [6, 9],
        [14, 16.5],
      ],
    });
    const { body: uploaded } = await uploadAudio(admin, wav, 'Night 2.wav', 'audio/wav');
    const { path: night } = await createTree(admin, 0);
    const created = await call(admin, 'POST', `/api/admin/paths/${night.id}/classes`, {
      title: 'Night 2',
      audioUrl: uploaded.url,
    });
    expect(created.status).toBe(201);

    const preview = { [ADMIN_PREVIEW_HEADER]: '1' };
    const details = await admin.request(`/api/classes/${created.body.id}/details`, { headers: preview });
    expect(details.status).toBe(200);
    expect(classDetailsSchema.parse(await details.json()).audioQuietSpans).toEqual([
      [6, 9],
      [14, 16.5],
    ]);

    // An edit that keeps the track keeps its spans, wherever they came from (the demo's are seeded).
    await deps
      .db('classes')
      .where({ id: created.body.id })
      .update({ audioQuietSpans: JSON.stringify([[1, 2]]) });
    const edited = await call(admin, 'PUT', `/api/admin/classes/${created.body.id}`, {
      title: 'Night 2, renamed',
      audioUrl: uploaded.url,
    });
    expect(edited.status).toBe(200);
    const kept = await admin.request(`/api/classes/${created.body.id}/details`, { headers: preview });
    expect(classDetailsSchema.parse(await kept.json()).audioQuietSpans).toEqual([[1, 2]]);

    // Another track, with no spans we know (an MP3), takes the old ones away.
    const { body: mp3 } = await uploadAudio(admin, mp3Audio(400), 'night.mp3');
    await call(admin, 'PUT', `/api/admin/classes/${created.body.id}`, {
      title: 'Night 2',
      audioUrl: mp3.url,
    });
    const again = await admin.request(`/api/classes/${created.body.id}/details`, { headers: preview });
    expect(classDetailsSchema.parse(await again.json()).audioQuietSpans).toEqual([]);
  });

  it('takes an MP3 sent with no type at all, by its bytes', async () => {
    const { status, body } = await uploadAudio(admin, mp3Audio(400), 'track', 'application/octet-stream');
    expect(status).toBe(201);
    expect(body).toMatchObject({ contentType: 'audio/mpeg', durationSeconds: 10 });
    expect(mediaNameOf(body.url)).toMatch(/\.mp3$/);
  });

  it('refuses an image or a text file named .mp3, and a damaged track, and keeps nothing', async () => {
    for (const bytes of [await pngImage(20, 20), Buffer.from('not audio at all\n'.repeat(20))]) {
      const { status, body } = await uploadAudio(admin, bytes, 'night.mp3');
      expect(status).toBe(415);
      expect(body.error).toBe(MEDIA_MESSAGES.notAudio);
    }
    const damaged = await uploadAudio(admin, Buffer.from('ID3 and nothing after it'), 'night.mp3');
    expect(damaged.status).toBe(415);
    expect(damaged.body.error).toBe(MEDIA_MESSAGES.unreadableAudio);
    expect(added()).toEqual([]);
  });
});

describe('who may upload', () => {
  it('refuses a learner and a visitor with 401 before reading the file, and keeps nothing', async () => {
    const [user] = await deps
      .db('users')
      .insert({ email: `uploader-${Date.now()}@test.example` })
      .returning('id');
    const learner = await clientWithSession(server.url, deps, { userId: user.id });
    for (const client of [learner, createClient(server.url)]) {
      const image = await uploadImage(client, await pngImage(100, 100), 'a.png');
      expect(image.status).toBe(401);
      expect(image.body).toEqual({ error: 'Admin sign-in required.' });
      const audio = await uploadAudio(client, wavAudio(1), 'a.wav', 'audio/wav');
      expect(audio.status).toBe(401);
    }
    expect(added()).toEqual([]);
  });

  it('refuses an upload another site’s page sends with the admin’s cookie (403)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngImage(10, 10))], { type: 'image/png' }), 'a.png');
    const response = await admin.request('/api/admin/media/images?purpose=path-card', {
      method: 'POST',
      body: form,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.status).toBe(403);
    expect(added()).toEqual([]);
  });

  it('answers 429 to the upload after the hourly limit, from the same address', async () => {
    const busy = await clientWithSession(server.url, deps, { isAdmin: true });
    const statuses: number[] = [];
    for (let count = 0; count < 121; count += 1) {
      const response = await busy.request('/api/admin/media/audio', { method: 'POST' });
      statuses.push(response.status);
      if (response.status === 429) {
        expect((await response.json()).error).toBe(MEDIA_MESSAGES.tooMany);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      } else await response.arrayBuffer();
    }
    expect(statuses.slice(0, 120).every((status) => status === 415)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});

describe('decoding images', () => {
  it('decodes no more pixels at once than the budget: parallel large uploads wait their turn, and all succeed', async () => {
    const budget = pixelBudget(4_000_000);
    const bounded = await listen(createApp({ ...deps, imageDecoding: budget }));
    try {
      const client = await clientWithSession(bounded.url, deps, { isAdmin: true });
      const image = await pngImage(2000, 2000);
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, n) => uploadImage(client, image, `large-${n}.png`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      // Each took the whole budget: one at a time.
      expect(budget.peak).toBe(4_000_000);
    } finally {
      await bounded.close();
    }
  });

  it('lets small images decode side by side, and starts a large one only once they are done', async () => {
    const budget = pixelBudget(10);
    const order: string[] = [];
    const work = (name: string) => async () => {
      order.push(`start ${name}`);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(`end ${name}`);
    };
    await Promise.all([budget.run(4, work('a')), budget.run(4, work('b')), budget.run(8, work('large'))]);
    expect(budget.peak).toBe(8);
    expect(order.indexOf('start large')).toBeGreaterThan(
      Math.max(order.indexOf('end a'), order.indexOf('end b')),
    );
    expect(order.indexOf('start b')).toBeLessThan(order.indexOf('end a'));
  });
});
