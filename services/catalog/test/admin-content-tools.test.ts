import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREVIEW_HEADER } from '@sleep-ritual/contracts/admin-preview';
import { TITLE_MAX_LENGTH, VIMEO_LOOKUP_MESSAGES } from '@sleep-ritual/contracts/admin';
import { classDetailsSchema } from '@sleep-ritual/contracts/catalog';
import { createLearner, grant } from '@sleep-ritual/learning/testing-catalog';
import { clientWithSession, createClient, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import { createApp } from '../src/app.ts';
import { call, createClass, createTree, uniqueTitle } from './admin-fixtures.ts';

/** Vimeo's oEmbed endpoint, played by a local server: each test says how it answers. */
let oembed: (request: http.IncomingMessage, response: http.ServerResponse) => void = () => undefined;
const fakeVimeo = http.createServer((request, response) => oembed(request, response));
const asked: string[] = [];

let deps: ReturnType<typeof createTestDeps>;
let server: Awaited<ReturnType<typeof listen>>;
let admin: Awaited<ReturnType<typeof clientWithSession>>;

beforeAll(async () => {
  await new Promise<void>((resolve) => fakeVimeo.listen(0, '127.0.0.1', resolve));
  const { port } = fakeVimeo.address() as { port: number };
  deps = createTestDeps({ VIMEO_OEMBED_URL: `http://127.0.0.1:${port}/api/oembed.json` });
  server = await listen(createApp(deps));
  admin = await clientWithSession(server.url, deps, { isAdmin: true });
});
afterAll(async () => {
  await server.close();
  await deps.close();
  fakeVimeo.closeAllConnections();
  await new Promise((resolve) => fakeVimeo.close(resolve));
});

describe('Duplicate on a class card', () => {
  it('adds a locked copy titled "… (copy)" at the end of the path, with the original’s media, links and transcript', async () => {
    const { path, classes } = await createTree(admin, 2);
    const original = await createClass(admin, path.id, {
      label: 'Night 3',
      description: 'A slow body scan.',
      coverArtUrl: '/media/0123456789abcdef0123456789abcdef.webp',
      vimeoVideoId: 'https://vimeo.com/76979871',
      additionalContentUrl: 'https://example.com/guide.pdf',
      additionalContentButtonLabel: 'Read the notes',
      durationMinutes: 18,
      orderIndex: 0,
      isUnlocked: true,
    });
    await deps
      .db('classes')
      .where({ id: original.id })
      .update({ objective: 'Rest', visualization: 'A lake' });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:04.000\nBreathe in slowly.\n';
    await deps.db('class_transcripts').insert({ classId: original.id, vtt });

    const { status, body } = await call(admin, 'POST', `/api/admin/classes/${original.id}/duplicate`);

    expect(status).toBe(201);
    expect(body).toEqual({
      ...original,
      id: expect.any(Number),
      title: `${original.title} (copy)`,
      isUnlocked: false,
      orderIndex: 2,
      // A row of its own, with its own history.
      updatedAt: expect.any(String),
    });
    expect(body.id).not.toBe(original.id);
    const stored = await deps.db('classes').where({ id: body.id }).first();
    expect(stored).toMatchObject({ objective: 'Rest', visualization: 'A lake', deletedAt: null });
    // Its transcript, kept apart from the row, comes with it: the copy has its text alternative too.
    expect(await deps.db('class_transcripts').where({ classId: body.id }).first('vtt')).toEqual({ vtt });
    const list = await call(admin, 'GET', `/api/admin/paths/${path.id}/classes`);
    expect(list.body.map((row: { id: number }) => row.id)).toEqual([
      classes[0]!.id,
      original.id,
      classes[1]!.id,
      body.id,
    ]);
  });

  it('shortens a long title so the copy’s still fits, and copies the copy', async () => {
    const { path } = await createTree(admin, 0);
    const long = `${uniqueTitle('Night')} ${'z'.repeat(TITLE_MAX_LENGTH)}`.slice(0, TITLE_MAX_LENGTH);
    const original = await createClass(admin, path.id, { title: long });

    const first = await call(admin, 'POST', `/api/admin/classes/${original.id}/duplicate`);
    expect(first.body.title).toHaveLength(TITLE_MAX_LENGTH);
    expect(first.body.title).toBe(`${long.slice(0, TITLE_MAX_LENGTH - 7)} (copy)`);
    const second = await call(admin, 'POST', `/api/admin/classes/${first.body.id}/duplicate`);
    expect(second.status).toBe(201);
    expect(second.body.orderIndex).toBe(first.body.orderIndex + 1);
  });

  it('answers 404 for a deleted class, 400 for a bad id and 401 without the admin session', async () => {
    const { classes } = await createTree(admin, 1);
    await call(admin, 'DELETE', `/api/admin/classes/${classes[0]!.id}`);
    expect((await call(admin, 'POST', `/api/admin/classes/${classes[0]!.id}/duplicate`)).body).toEqual({
      error: 'Class not found',
    });
    expect((await call(admin, 'POST', '/api/admin/classes/abc/duplicate')).status).toBe(400);
    const visitor = createClient(server.url);
    expect((await call(visitor, 'POST', `/api/admin/classes/${classes[0]!.id}/duplicate`)).status).toBe(401);
  });
});

describe('the Vimeo look-up of the class form', () => {
  const lookUp = (url: string) => call(admin, 'GET', `/api/admin/vimeo?url=${encodeURIComponent(url)}`);

  it('offers the title, whole seconds and the https thumbnail from Vimeo’s oEmbed answer', async () => {
    oembed = (request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          type: 'video',
          title: 'Night 1: Arriving',
          duration: 962.4,
          thumbnail_url: 'https://i.vimeocdn.com/video/1_640.jpg',
          html: '<iframe></iframe>',
        }),
      );
    };
    const { status, body } = await lookUp('https://vimeo.com/76979871/abcdef123');
    expect(status).toBe(200);
    expect(body).toEqual({
      title: 'Night 1: Arriving',
      durationSeconds: 962,
      thumbnailUrl: 'https://i.vimeocdn.com/video/1_640.jpg',
    });
    expect(new URL(asked.at(-1)!, 'http://x').searchParams.get('url')).toBe(
      'https://vimeo.com/76979871/abcdef123',
    );
  });

  it('says a video Vimeo does not show to others is not found (404)', async () => {
    oembed = (_request, response) => {
      response.statusCode = 404;
      response.end('404 Not Found');
    };
    const { status, body } = await lookUp('https://vimeo.com/1');
    expect(status).toBe(404);
    expect(body).toEqual({ error: VIMEO_LOOKUP_MESSAGES.notFound });
  });

  it('says Vimeo could not be reached when it is slow, drops the connection or answers nonsense (503)', async () => {
    for (const answer of [
      () => undefined, // never answers: the look-up gives up after its short timeout
      (_request: http.IncomingMessage, response: http.ServerResponse) => response.socket?.destroy(),
      (_request: http.IncomingMessage, response: http.ServerResponse) => response.end('<html>busy</html>'),
    ]) {
      oembed = answer;
      const started = Date.now();
      const { status, body } = await lookUp('https://vimeo.com/76979871');
      expect(status).toBe(503);
      expect(body).toEqual({ error: VIMEO_LOOKUP_MESSAGES.unreachable });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('refuses a link that names no Vimeo video (400) and a visitor (401), asking Vimeo nothing', async () => {
    const before = asked.length;
    const bad = await lookUp('https://example.com/video/1');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Video URL must be a link to one Vimeo video/);
    const visitor = await call(createClient(server.url), 'GET', '/api/admin/vimeo?url=https://vimeo.com/1');
    expect(visitor.status).toBe(401);
    expect(asked.length).toBe(before);
  });
});

describe('View as learner', () => {
  const preview = { [ADMIN_PREVIEW_HEADER]: '1' };
  const read = async (
    client: ReturnType<typeof createClient>,
    path: string,
    headers: Record<string, string> = preview,
  ) => {
    const response = await client.request(path, { headers });
    return { status: response.status, body: await response.json() };
  };

  it('shows an admin who owns nothing the programme, path and class pages, locked class included, with no progress', async () => {
    const { program, path, classes } = await createTree(admin, 2);
    await call(admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, { isUnlocked: true });
    await call(admin, 'PATCH', `/api/admin/classes/${classes[0]!.id}/lock`, { isUnlocked: true });
    const locked = classes[1]!;

    const hierarchy = await read(admin, `/api/programs/${program.id}/hierarchy`);
    expect(hierarchy.status).toBe(200);
    expect(hierarchy.body.phases[0].paths.map((row: { id: number }) => row.id)).toEqual([path.id]);
    const details = await read(admin, `/api/paths/${path.id}/details`);
    expect(details.status).toBe(200);
    // The list shows the locks as learners see them.
    expect(details.body.classes.map((row: { isUnlocked: boolean }) => row.isUnlocked)).toEqual([true, false]);
    const lesson = await read(admin, `/api/classes/${locked.id}/details`);
    expect(lesson.status).toBe(200);
    expect(classDetailsSchema.parse(lesson.body)).toMatchObject({ id: locked.id, progress: null });

    const mine = await read(admin, '/api/my-programs');
    expect(mine.body.find((card: { id: number }) => card.id === program.id)).toMatchObject({ isOwned: true });
    expect((await read(admin, '/api/my-programs/tonight')).body).toEqual([]);
  });

  it('shows an admin who is also a learner the content, but none of their own progress', async () => {
    const { program, path, classes } = await createTree(admin, 1);
    const userId = await createLearner(deps.db);
    await grant(deps.db, userId, program.id);
    await call(admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, { isUnlocked: true });
    await deps.db('user_progress').insert({
      userId,
      classId: classes[0]!.id,
      sessionId: classes[0]!.id,
      maxPositionSec: 120,
      durationSeconds: 600,
      percentWatched: 20,
    });
    const both = await clientWithSession(server.url, deps, { userId, isAdmin: true });
    await call(admin, 'PATCH', `/api/admin/classes/${classes[0]!.id}/lock`, { isUnlocked: true });

    const own = await read(both, `/api/classes/${classes[0]!.id}/details`, {});
    expect(own.status).toBe(200);
    expect(own.body.progress).toMatchObject({ maxPositionSec: 120 });
    const previewed = await read(both, `/api/classes/${classes[0]!.id}/details`);
    expect(previewed.body.progress).toBeNull();
  });

  it('needs the admin session: a learner’s preview header is a 401, and a visitor without it is too', async () => {
    const { program } = await createTree(admin, 0);
    const userId = await createLearner(deps.db);
    await grant(deps.db, userId, program.id);
    const learner = await clientWithSession(server.url, deps, { userId });

    const asPreview = await read(learner, `/api/programs/${program.id}/hierarchy`);
    expect(asPreview.status).toBe(401);
    expect(asPreview.body).toEqual({ error: 'Admin sign-in required.' });
    expect((await read(learner, `/api/programs/${program.id}/hierarchy`, {})).status).toBe(200);
    expect((await read(admin, `/api/programs/${program.id}/hierarchy`, {})).status).toBe(401);
  });

  it('still answers 404 for what learners cannot see at all (a deleted class)', async () => {
    const { classes } = await createTree(admin, 1);
    await call(admin, 'DELETE', `/api/admin/classes/${classes[0]!.id}`);
    expect((await read(admin, `/api/classes/${classes[0]!.id}/details`)).status).toBe(404);
  });
});
