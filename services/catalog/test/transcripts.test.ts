import net from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { classDetailsSchema } from '@sleep-ritual/contracts/catalog';
import { TRANSCRIPT_MAX_BYTES } from '@sleep-ritual/contracts/webvtt';
import { clientWithSession, createClient, eventually } from '@sleep-ritual/platform/testing';
import { samplesOf, scrape } from '@sleep-ritual/platform/testing-metrics';
import { createCourse, createLearner, grant, softDelete } from '@sleep-ritual/learning/testing-catalog';
import { adminTestbed } from './admin-fixtures.ts';

const bed = adminTestbed();
const { db } = bed.deps;

const VTT = `WEBVTT - Night 1

NOTE The demo audio is generated: soft tones over pink noise.

1
00:00.000 --> 00:04.000
[Soft tones begin, low and slow]

2
00:04.000 --> 00:08.500 align:center
[A gentle wash of pink noise]
`;

type Client = ReturnType<typeof createClient>;
const putTranscript = (client: Client, classId: number, body: string | Uint8Array, type = 'text/vtt') =>
  client.request(`/api/admin/classes/${classId}/transcript`, {
    method: 'PUT',
    headers: { 'content-type': type },
    body,
  });

async function learner(programId?: number) {
  const userId = await createLearner(db);
  if (programId !== undefined) await grant(db, userId, programId);
  return clientWithSession(bed.url, bed.deps, { userId });
}

describe('PUT /api/admin/classes/{id}/transcript', () => {
  it('stores a WebVTT transcript, which the admin reads back and owners get as text/vtt', async () => {
    const course = await createCourse(db);
    const stored = await putTranscript(bed.admin, course.classId, VTT);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual({ cues: 2 });

    const adminCopy = await bed.admin.request(`/api/admin/classes/${course.classId}/transcript`);
    expect(adminCopy.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await adminCopy.text()).toBe(VTT);

    const owner = await learner(course.programId);
    const details = classDetailsSchema.parse(
      await (await owner.request(`/api/classes/${course.classId}/details`)).json(),
    );
    expect(details.transcriptUrl).toBe(`/api/classes/${course.classId}/transcript`);
    const file = await owner.request(details.transcriptUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await file.text()).toBe(VTT);
  });

  it('replaces the transcript on a second PUT', async () => {
    const course = await createCourse(db);
    await putTranscript(bed.admin, course.classId, VTT);
    const shorter = 'WEBVTT\n\n00:01.000 --> 00:02.000\nOnly this\n';
    expect((await putTranscript(bed.admin, course.classId, shorter)).status).toBe(200);
    expect(await (await bed.admin.request(`/api/admin/classes/${course.classId}/transcript`)).text()).toBe(
      shorter,
    );
  });

  it.each([
    ['no WEBVTT header', 'Hello\n\n00:01.000 --> 00:02.000\nHi\n', 1, 'starts with the line "WEBVTT"'],
    ['WEBVTT glued to text', 'WEBVTTX\n', 1, 'starts with the line "WEBVTT"'],
    [
      'an arrow without spaces is fine but a bad start time is not',
      'WEBVTT\n\n0:01.000 --> 00:02.000\nHi\n',
      3,
      '"0:01.000" is not a start time',
    ],
    ['milliseconds of two digits', 'WEBVTT\n\n00:01.00 --> 00:02.000\nHi\n', 3, 'is not a start time'],
    ['sixty seconds', 'WEBVTT\n\n00:01.000 --> 00:60.000\nHi\n', 3, '"00:60.000" is not an end time'],
    ['a cue that ends before it starts', 'WEBVTT\n\n00:05.000 --> 00:02.000\nHi\n', 3, 'before it starts'],
    ['a cue that ends as it starts', 'WEBVTT\n\n00:05.000 --> 00:05.000\nHi\n', 3, 'before it starts'],
    [
      'an identifier without a timing',
      'WEBVTT\n\nintro\nHello there\n',
      4,
      'expected a cue timing after "intro"',
    ],
    [
      'cues out of order',
      'WEBVTT\n\n00:05.000 --> 00:06.000\nB\n\n00:01.000 --> 00:02.000\nA\n',
      6,
      'in order of their start times',
    ],
    ['a cue right after the header line', 'WEBVTT\n00:01.000 --> 00:02.000\nHi\n', 2, 'blank line'],
    [
      'an arrow inside the text',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n00:03.000 --> 00:04.000\n',
      5,
      'cannot contain "-->"',
    ],
    [
      'a STYLE block after a cue',
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\nSTYLE\n::cue {}\n',
      6,
      'STYLE block must come before',
    ],
  ])('refuses %s with 400 naming the line', async (_name, body, line, problem) => {
    const course = await createCourse(db);
    const response = await putTranscript(bed.admin, course.classId, body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toContain(`Line ${line}: `);
    expect(error).toContain(problem);
    expect((await bed.admin.request(`/api/admin/classes/${course.classId}/transcript`)).status).toBe(404);
  });

  it('accepts hours, a byte order mark, CRLF line ends and cue settings', async () => {
    const course = await createCourse(db);
    const body = '\uFEFFWEBVTT\r\n\r\n01:00:01.000 --> 01:00:02.500 line:90% position:50%\r\nLate\r\n';
    expect((await putTranscript(bed.admin, course.classId, body)).status).toBe(200);
  });

  it('refuses another content type with 415', async () => {
    const course = await createCourse(db);
    const response = await putTranscript(bed.admin, course.classId, VTT, 'text/plain');
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe(
      'Send the transcript as WebVTT text (Content-Type: text/vtt).',
    );
  });

  it('refuses more than 1 MB with 413', async () => {
    const course = await createCourse(db);
    const cue = '00:01.000 --> 00:02.000\n' + 'z'.repeat(1000) + '\n\n';
    const body = `WEBVTT\n\n${cue.repeat(Math.ceil(TRANSCRIPT_MAX_BYTES / cue.length) + 1)}`;
    const response = await putTranscript(bed.admin, course.classId, body);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe('The transcript is larger than 1 MB.');
  });

  it('accepts just under 1 MB', async () => {
    const course = await createCourse(db);
    const head = 'WEBVTT\n\n00:01.000 --> 00:02.000\n';
    const body = head + 'z'.repeat(TRANSCRIPT_MAX_BYTES - head.length - 1) + '\n';
    expect((await putTranscript(bed.admin, course.classId, body)).status).toBe(200);
  });

  it('reads a body sent compressed as its Content-Encoding says; refuses one that does not match (400), an encoding it does not know (415), and a small body that inflates past 1 MB (413)', async () => {
    const course = await createCourse(db);
    const put = (body: Uint8Array | string, encoding: string) =>
      bed.admin.request(`/api/admin/classes/${course.classId}/transcript`, {
        method: 'PUT',
        headers: { 'content-type': 'text/vtt', 'content-encoding': encoding },
        body,
      });
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const stored = await put(compress(Buffer.from(VTT)), encoding);
      expect(stored.status, encoding).toBe(200);
      expect(await stored.json()).toEqual({ cues: 2 });
      expect(await (await bed.admin.request(`/api/admin/classes/${course.classId}/transcript`)).text()).toBe(
        VTT,
      );
    }
    const mismatched = await put(VTT, 'gzip');
    expect(mismatched.status).toBe(400);
    expect((await mismatched.json()).error).toBe('The request body does not match its Content-Encoding.');
    const unknown = await put(VTT, 'compress');
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).error).toMatch(/gzip, deflate or br/);
    const bomb = gzipSync(Buffer.from(`WEBVTT\n\n${'z'.repeat(TRANSCRIPT_MAX_BYTES * 4)}`));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const inflated = await put(bomb, 'gzip');
    expect(inflated.status).toBe(413);
    expect((await inflated.json()).error).toBe('The transcript is larger than 1 MB.');
  });

  it('lets go of a compressed upload whose client gave up halfway: the call ends, nothing is stored', async () => {
    const course = await createCourse(db);
    const finished = async () =>
      samplesOf(await scrape(bed.url), 'http_request_duration_seconds_count', {
        method: 'PUT',
        route: '/api/admin/classes/:id/transcript',
      }).reduce((sum, sample) => sum + sample.value, 0);
    const before = await finished();
    const half = gzipSync(
      Buffer.from(`WEBVTT\n\n${'00:01.000 --> 00:02.000\nzz\n\n'.repeat(5000)}`),
    ).subarray(0, 2000);
    const giveUp = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half);
        // The rest never comes: the client gives up once the first part is on its way.
        setTimeout(() => giveUp.abort(), 200);
      },
    });
    const upload = bed.admin
      .request(`/api/admin/classes/${course.classId}/transcript`, {
        method: 'PUT',
        headers: { 'content-type': 'text/vtt', 'content-encoding': 'gzip' },
        body,
        signal: giveUp.signal,
        duplex: 'half',
      } as RequestInit)
      .catch(() => undefined);
    await upload;
    await eventually(async () => (await finished()) > before, { what: 'the abandoned upload to end' });
    expect(await db('class_transcripts').where({ classId: course.classId })).toEqual([]);
  });

  it('after refusing a compressed body that inflates past 1 MB, reads the rest and serves the next call on the same connection', async () => {
    const course = await createCourse(db);
    // 200 kB that would inflate to 200 MB: refused after its first kilobytes, the rest still on its way.
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 'z'));
    const { hostname, port } = new URL(bed.url);
    const cookie = [...bed.admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const answers = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: hostname, port: Number(port) });
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        if (/HTTP\/1\.1 200[\s\S]*HTTP\/1\.1 200|HTTP\/1\.1 413[\s\S]*HTTP\/1\.1 200/.test(received)) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      socket.setTimeout(10_000, () => reject(new Error(`no second answer: ${received.slice(0, 200)}`)));
      socket.write(
        `PUT /api/admin/classes/${course.classId}/transcript HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: text/vtt\r\nContent-Encoding: gzip\r\nContent-Length: ${bomb.length}\r\n\r\n`,
      );
      socket.write(bomb);
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    });
    expect(answers).toMatch(/^HTTP\/1\.1 413 /);
    expect(answers).toMatch(/HTTP\/1\.1 200 /);
  });

  it('refuses bytes that are not UTF-8 with 400', async () => {
    const course = await createCourse(db);
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('WEBVTT\n\n00:01.000 --> 00:02.000\n'),
      0xff,
      0xfe,
      0x0a,
    ]);
    const response = await putTranscript(bed.admin, course.classId, bytes);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('The transcript is not UTF-8 text.');
  });

  it('answers 404 for an unknown or deleted class, 400 for an id that is not one', async () => {
    const course = await createCourse(db);
    await softDelete(db, 'classes', course.classId);
    expect((await putTranscript(bed.admin, course.classId, VTT)).status).toBe(404);
    expect((await putTranscript(bed.admin, 2_000_000_000, VTT)).status).toBe(404);
    expect((await putTranscript(bed.admin, 'abc' as unknown as number, VTT)).status).toBe(400);
  });

  it('answers 401 to a visitor and to a learner, who are no admins, and stores nothing', async () => {
    const course = await createCourse(db);
    expect((await putTranscript(bed.anonymous, course.classId, VTT)).status).toBe(401);
    expect((await putTranscript(await learner(course.programId), course.classId, VTT)).status).toBe(401);
    const remove = await (
      await learner(course.programId)
    ).request(`/api/admin/classes/${course.classId}/transcript`, {
      method: 'DELETE',
    });
    expect(remove.status).toBe(401);
    expect(await db('class_transcripts').where({ classId: course.classId })).toEqual([]);
  });
});

describe('DELETE /api/admin/classes/{id}/transcript', () => {
  it('removes it: the class details no longer carry a transcriptUrl and the file answers 404', async () => {
    const course = await createCourse(db);
    await putTranscript(bed.admin, course.classId, VTT);
    const removed = await bed.admin.request(`/api/admin/classes/${course.classId}/transcript`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(204);
    const owner = await learner(course.programId);
    const details = await (await owner.request(`/api/classes/${course.classId}/details`)).json();
    expect(details.transcriptUrl).toBeNull();
    expect((await owner.request(`/api/classes/${course.classId}/transcript`)).status).toBe(404);
  });
});

describe('GET /api/classes/{id}/transcript', () => {
  it('answers 401 to a visitor, 403 to a learner who does not own the class, 404 when there is none', async () => {
    const course = await createCourse(db);
    await putTranscript(bed.admin, course.classId, VTT);
    const path = `/api/classes/${course.classId}/transcript`;
    expect((await bed.anonymous.request(path)).status).toBe(401);
    const stranger = await (await learner()).request(path);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).not.toContain('Soft tones');
    const owner = await learner(course.programId);
    expect((await owner.request(`/api/classes/${course.secondClassId}/transcript`)).status).toBe(404);
  });
});
