import { describe, expect, it } from 'vitest';
import { adminClassSchema, type AdminClass } from '@sleep-ritual/contracts/admin';
import { adminTestbed, call, createClass, createTree, messages, uniqueTitle } from './admin-fixtures.ts';

const bed = adminTestbed();

const LIST_CHANGED =
  'The classes changed since this list was shown (one was added or deleted elsewhere). The list has been read again: save the new order once more.';

describe('POST /api/admin/paths/{pathId}/classes', () => {
  it('creates a class, keeping the Vimeo and audio URLs as entered, and answers 201 with it', async () => {
    const { path } = await createTree(bed.admin, 0);
    const title = uniqueTitle('Night');
    const { status, body } = await call<AdminClass>(
      bed.admin,
      'POST',
      `/api/admin/paths/${path.id}/classes`,
      {
        title,
        label: 'Night 1',
        description: 'Letting the day go',
        vimeoVideoId: 'https://vimeo.com/76979871',
        audioUrl: 'https://cdn.example.com/night-1.mp3',
        additionalContentUrl: 'https://example.com/guide.pdf',
        additionalContentButtonLabel: '',
        durationMinutes: 16,
      },
    );
    expect(status).toBe(201);
    expect(adminClassSchema.parse(body)).toEqual({
      id: expect.any(Number),
      updatedAt: expect.any(String),
      pathId: path.id,
      title,
      label: 'Night 1',
      description: 'Letting the day go',
      coverArtUrl: null,
      vimeoVideoId: 'https://vimeo.com/76979871',
      audioUrl: 'https://cdn.example.com/night-1.mp3',
      additionalContentUrl: 'https://example.com/guide.pdf',
      additionalContentButtonLabel: null,
      durationMinutes: 16,
      orderIndex: 0,
      isUnlocked: false,
      opensAfterDays: 0,
    });
    expect((await call(bed.admin, 'GET', `/api/admin/classes/${body.id}`)).body).toEqual(body);
  });

  it('puts a class created without an order after the last class of its path ("Night 7" after Night 6)', async () => {
    const { path } = await createTree(bed.admin, 6);
    const night7 = await createClass(bed.admin, path.id, { title: uniqueTitle('Night 7') });
    expect(night7.orderIndex).toBe(6);
    const { body } = await call<AdminClass[]>(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`);
    expect(body.at(-1)?.id).toBe(night7.id);
  });

  it.each([
    'https://vimeo.com/76979871',
    'https://player.vimeo.com/video/76979871',
    'https://vimeo.com/channels/staffpicks/76979871',
    'http://www.vimeo.com/76979871/abc123def',
  ])('accepts the video link %s and stores it unchanged', async (link) => {
    const { path } = await createTree(bed.admin, 0);
    const created = await createClass(bed.admin, path.id, { vimeoVideoId: link });
    expect(created.vimeoVideoId).toBe(link);
  });

  it.each([
    'https://cdn.example.com/audio/night-1.mp3',
    '/media/demo/night-1.wav',
    '/media/uploads/night%201.m4a?v=2',
  ])('accepts the audio link %s and stores it unchanged', async (link) => {
    const { path } = await createTree(bed.admin, 0);
    const created = await createClass(bed.admin, path.id, { audioUrl: link });
    expect(created.audioUrl).toBe(link);
  });

  it('takes a site path as the additional content link and an unlocked state from the body', async () => {
    const { path } = await createTree(bed.admin, 0);
    const created = await createClass(bed.admin, path.id, {
      additionalContentUrl: '/guides/night-1',
      isUnlocked: true,
      orderIndex: 4,
    });
    expect(created).toMatchObject({
      additionalContentUrl: '/guides/night-1',
      isUnlocked: true,
      orderIndex: 4,
      vimeoVideoId: null,
      audioUrl: null,
    });
  });

  const AUDIO_MESSAGE =
    'Audio URL must be a web address starting with https:// or a path of our media starting with /media/';
  const VIDEO_MESSAGE =
    'Video URL must be a link to one Vimeo video, like https://vimeo.com/123456789 (a showcase, channel or profile link names no single video)';
  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
    [{ title: 'C', label: 'x'.repeat(256) }, 'Label must be at most 255 characters'],
    [{ title: 'C', durationMinutes: 0 }, 'Duration must be at least 1 minute'],
    [{ title: 'C', durationMinutes: 2.5 }, 'Duration must be a whole number of minutes'],
    [{ title: 'C', vimeoVideoId: 'https://www.youtube.com/watch?v=abc' }, VIDEO_MESSAGE],
    [{ title: 'C', vimeoVideoId: 'https://vimeo.com/about' }, VIDEO_MESSAGE],
    [{ title: 'C', vimeoVideoId: '76979871' }, VIDEO_MESSAGE],
    [{ title: 'C', vimeoVideoId: 'ftp://vimeo.com/76979871' }, VIDEO_MESSAGE],
    [{ title: 'C', vimeoVideoId: 'https://vimeo.com/showcase/11223344' }, VIDEO_MESSAGE],
    [{ title: 'C', vimeoVideoId: 'https://vimeo.com/channels/staffpicks' }, VIDEO_MESSAGE],
    [{ title: 'C', vimeoVideoId: 'https://vimeo.com/user12345678' }, VIDEO_MESSAGE],
    [{ title: 'C', audioUrl: 'http://cdn.example.com/night-1.mp3' }, AUDIO_MESSAGE],
    [{ title: 'C', audioUrl: '/guides/night-1.mp3' }, AUDIO_MESSAGE],
    [{ title: 'C', audioUrl: '/media/' }, AUDIO_MESSAGE],
    [{ title: 'C', audioUrl: '//cdn.example.com/night-1.mp3' }, AUDIO_MESSAGE],
    [{ title: 'C', audioUrl: '/media/../var/dev-secrets.json' }, AUDIO_MESSAGE],
    [{ title: 'C', audioUrl: 'javascript:alert(1)' }, AUDIO_MESSAGE],
    [
      { title: 'C', audioUrl: `https://cdn.example.com/${'a'.repeat(480)}.mp3` },
      'Audio URL must be at most 500 characters',
    ],
    [
      { title: 'C', additionalContentUrl: 'guide.pdf' },
      'Additional content URL must be a web address starting with https:// or a site path starting with /',
    ],
    [
      { title: 'C', additionalContentButtonLabel: 'x'.repeat(256) },
      'Additional content button label must be at most 255 characters',
    ],
  ])('refuses %j with 400 "%s"', async (fields, message) => {
    const { path } = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes`, fields);
    expect(status).toBe(400);
    expect(messages(body)).toContain(message);
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`)).body).toEqual([]);
  });

  it('refuses a body naming another path with 400', async () => {
    const { path } = await createTree(bed.admin, 0);
    const other = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes`, {
      pathId: other.path.id,
      title: 'Misplaced',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'pathId does not match the path in the address' });
  });
});

describe('GET /api/admin/paths/{pathId}/classes', () => {
  it("lists the path's live classes by order", async () => {
    const { path, classes } = await createTree(bed.admin, 3);
    await call(bed.admin, 'DELETE', `/api/admin/classes/${classes[1]!.id}`);
    const { status, body } = await call(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`);
    expect(status).toBe(200);
    expect(body).toEqual([classes[0], classes[2]]);
  });
});

describe('PUT /api/admin/classes/{classId}', () => {
  it('changes the class fields and ignores pathId and orderIndex', async () => {
    const { classes } = await createTree(bed.admin, 1);
    const other = await createTree(bed.admin, 0);
    const lesson = classes[0]!;
    const { status, body } = await call(bed.admin, 'PUT', `/api/admin/classes/${lesson.id}`, {
      title: 'Night 2 (new cut)',
      label: 'Night 2',
      description: '',
      vimeoVideoId: 'https://player.vimeo.com/video/148751763',
      audioUrl: '/media/demo/night-2.wav',
      additionalContentUrl: '/guides/night-2',
      additionalContentButtonLabel: 'Open the guide',
      durationMinutes: '18',
      isUnlocked: true,
      pathId: other.path.id,
      orderIndex: 9,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...lesson,
      updatedAt: expect.any(String),
      title: 'Night 2 (new cut)',
      label: 'Night 2',
      description: null,
      vimeoVideoId: 'https://player.vimeo.com/video/148751763',
      audioUrl: '/media/demo/night-2.wav',
      additionalContentUrl: '/guides/night-2',
      additionalContentButtonLabel: 'Open the guide',
      durationMinutes: 18,
      isUnlocked: true,
    });
    expect(body.pathId).toBe(lesson.pathId);
    expect(body.orderIndex).toBe(lesson.orderIndex);
  });

  it('refuses a duration of 0 or a bad video link with 400 and keeps the class', async () => {
    const { classes } = await createTree(bed.admin, 1);
    const lesson = classes[0]!;
    for (const [fields, message] of [
      [{ title: 'C', durationMinutes: 0 }, 'Duration must be at least 1 minute'],
      [
        { title: 'C', vimeoVideoId: 'https://vimeo.com/' },
        'Video URL must be a link to one Vimeo video, like https://vimeo.com/123456789 (a showcase, channel or profile link names no single video)',
      ],
      [{ title: '' }, 'Title is required'],
    ] as const) {
      const { status, body } = await call(bed.admin, 'PUT', `/api/admin/classes/${lesson.id}`, fields);
      expect(status).toBe(400);
      expect(body.error).toBe(message);
    }
    expect((await call(bed.admin, 'GET', `/api/admin/classes/${lesson.id}`)).body).toEqual(lesson);
  });

  it('answers 404 "Class not found" for an unknown class', async () => {
    const { status, body } = await call(bed.admin, 'PUT', '/api/admin/classes/2147483000', { title: 'C' });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Class not found' });
  });
});

describe('PATCH /api/admin/classes/{id}/lock', () => {
  it('unlocks and locks a class', async () => {
    const { classes } = await createTree(bed.admin, 1);
    const lesson = classes[0]!;
    const unlocked = await call(bed.admin, 'PATCH', `/api/admin/classes/${lesson.id}/lock`, {
      isUnlocked: true,
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ ...lesson, isUnlocked: true, updatedAt: expect.any(String) });
    const locked = await call(bed.admin, 'PATCH', `/api/admin/classes/${lesson.id}/lock`, {
      isUnlocked: false,
    });
    expect(locked.body).toEqual({ ...lesson, isUnlocked: false, updatedAt: expect.any(String) });
  });

  it('refuses a non-boolean with 400', async () => {
    const { classes } = await createTree(bed.admin, 1);
    const { status } = await call(bed.admin, 'PATCH', `/api/admin/classes/${classes[0]!.id}/lock`, {
      isUnlocked: null,
    });
    expect(status).toBe(400);
  });
});

describe('DELETE /api/admin/classes/{id}', () => {
  it('hides the class from admin calls and keeps the row (and so learners’ progress on it)', async () => {
    const { path, classes } = await createTree(bed.admin, 2);
    const [doomed, kept] = classes as [AdminClass, AdminClass];
    const { status, body } = await call(bed.admin, 'DELETE', `/api/admin/classes/${doomed.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`)).body).toEqual([kept]);
    for (const [method, json] of [
      ['GET', undefined],
      ['PUT', { title: 'Back' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(bed.admin, method, `/api/admin/classes/${doomed.id}`, json)).status).toBe(404);
    }
    expect(
      (await call(bed.admin, 'PATCH', `/api/admin/classes/${doomed.id}/lock`, { isUnlocked: true })).status,
    ).toBe(404);
    const stored = await bed.deps.db('classes').where({ id: doomed.id }).first();
    expect(stored).toMatchObject({ title: doomed.title, deletedAt: expect.any(Date) });
    expect(
      await bed.deps.db('classes').where({ id: doomed.id }).whereNull('deletedAt').first(),
    ).toBeUndefined();
  });
});

describe('POST /api/admin/paths/{pathId}/classes/reorder', () => {
  it('stores the new order 0..n-1 and lists the classes in it', async () => {
    const { path, classes } = await createTree(bed.admin, 3);
    const [a, b, c] = classes as [AdminClass, AdminClass, AdminClass];
    const { status, body } = await call<AdminClass[]>(
      bed.admin,
      'POST',
      `/api/admin/paths/${path.id}/classes/reorder`,
      {
        classUpdates: [
          { id: b.id, orderIndex: 0 },
          { id: c.id, orderIndex: 1 },
          { id: a.id, orderIndex: 2 },
        ],
      },
    );
    expect(status).toBe(200);
    expect(body.map((lesson) => [lesson.id, lesson.orderIndex])).toEqual([
      [b.id, 0],
      [c.id, 1],
      [a.id, 2],
    ]);
    const list = await call<AdminClass[]>(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`);
    expect(list.body.map((lesson) => lesson.id)).toEqual([b.id, c.id, a.id]);
  });

  it("refuses another path's class, a deleted class, a stale list or a repeated position, and changes nothing", async () => {
    const { path, classes } = await createTree(bed.admin, 3);
    const [a, b, deleted] = classes as [AdminClass, AdminClass, AdminClass];
    await call(bed.admin, 'DELETE', `/api/admin/classes/${deleted.id}`);
    const other = await createTree(bed.admin, 1);
    const foreign = other.classes[0]!;

    const attempts: [unknown, string, number?][] = [
      [
        {
          classUpdates: [
            { id: b.id, orderIndex: 0 },
            { id: a.id, orderIndex: 1 },
            { id: foreign.id, orderIndex: 2 },
          ],
        },
        `Class ${foreign.id} does not belong to this path`,
      ],
      [
        {
          classUpdates: [
            { id: b.id, orderIndex: 0 },
            { id: a.id, orderIndex: 1 },
            { id: deleted.id, orderIndex: 2 },
          ],
        },
        LIST_CHANGED,
        409,
      ],
      [{ classUpdates: [{ id: b.id, orderIndex: 0 }] }, LIST_CHANGED, 409],
      [
        {
          classUpdates: [
            { id: b.id, orderIndex: 0 },
            { id: a.id, orderIndex: 0 },
          ],
        },
        'Each position may appear only once',
      ],
      [
        {
          classUpdates: [
            { id: b.id, orderIndex: 0 },
            { id: b.id, orderIndex: 1 },
          ],
        },
        'Each id may appear only once',
      ],
      [{ classUpdates: [] }, 'The new order is empty'],
      [{}, 'The new order must be a list of {id, orderIndex}'],
    ];
    for (const [json, message, expected = 400] of attempts) {
      const { status, body } = await call(
        bed.admin,
        'POST',
        `/api/admin/paths/${path.id}/classes/reorder`,
        json,
      );
      expect(status, message).toBe(expected);
      expect(messages(body)).toContain(message);
    }
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`)).body).toEqual([a, b]);
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${other.path.id}/classes`)).body).toEqual([
      foreign,
    ]);
  });

  it('answers 404 "Path not found" for an unknown path', async () => {
    const { status, body } = await call(bed.admin, 'POST', '/api/admin/paths/2147483000/classes/reorder', {
      classUpdates: [{ id: 1, orderIndex: 0 }],
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Path not found' });
  });
});

describe('drip days on classes and paths ("opens N days after purchase")', () => {
  it('are set on create, kept when an edit leaves them out, and an empty value means at once (0)', async () => {
    const { program, phase, path } = await createTree(bed.admin, 0);
    const created = await call<AdminClass>(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes`, {
      title: uniqueTitle('Night'),
      opensAfterDays: '2',
    });
    expect(created.status).toBe(201);
    expect(created.body.opensAfterDays).toBe(2);

    const renamed = await call<AdminClass>(bed.admin, 'PUT', `/api/admin/classes/${created.body.id}`, {
      title: 'Renamed',
    });
    expect(renamed.body).toMatchObject({ title: 'Renamed', opensAfterDays: 2 });
    const cleared = await call<AdminClass>(bed.admin, 'PUT', `/api/admin/classes/${created.body.id}`, {
      title: 'Renamed',
      opensAfterDays: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.opensAfterDays).toBe(0);

    const pathEdit = await call(
      bed.admin,
      'PATCH',
      `/api/admin/programs/${program.id}/phases/${phase.id}/paths/${path.id}`,
      { opensAfterDays: 5 },
    );
    expect(pathEdit.status).toBe(200);
    expect(pathEdit.body.opensAfterDays).toBe(5);
  });

  it('refuses a negative, fractional or absurd number of days with 400, naming the field', async () => {
    const { path } = await createTree(bed.admin, 0);
    for (const [opensAfterDays, message] of [
      [-1, 'Opens after cannot be negative'],
      [1.5, 'Opens after must be a whole number of days'],
      [100_000, 'Opens after must be at most 3650 days'],
      ['soon', 'Opens after must be a number of days'],
    ] as const) {
      const { status, body } = await call(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes`, {
        title: uniqueTitle('Night'),
        opensAfterDays,
      });
      expect(status, String(opensAfterDays)).toBe(400);
      expect(body.error).toBe(message);
      expect(body.issues[0].path).toEqual(['opensAfterDays']);
    }
  });
});
