import { describe, expect, it } from 'vitest';
import { adminPathDetailsSchema, adminPathSchema, type AdminPath } from '@sleep-ritual/contracts/admin';
import {
  adminTestbed,
  call,
  createClass,
  createPath,
  createPhase,
  createProgram,
  createTree,
  messages,
  uniqueTitle,
} from './admin-fixtures.ts';

const bed = adminTestbed();

const nested = (programId: number, phaseId: number, pathId: number) =>
  `/api/admin/programs/${programId}/phases/${phaseId}/paths/${pathId}`;

const LIST_CHANGED =
  'The paths changed since this list was shown (one was added or deleted elsewhere). The list has been read again: save the new order once more.';

describe('POST /api/admin/phases/{phaseId}/paths', () => {
  it('creates a path, by default at order 0 and locked, and answers 201 with it', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const title = uniqueTitle('Path');
    const { status, body } = await call<AdminPath>(bed.admin, 'POST', `/api/admin/phases/${phase.id}/paths`, {
      title,
      label: '',
      description: 'Nights one to six',
      cardImageUrl: 'https://cdn.example.com/path-card.jpg',
      coverArtUrl: '',
    });
    expect(status).toBe(201);
    expect(adminPathSchema.parse(body)).toEqual({
      id: expect.any(Number),
      updatedAt: expect.any(String),
      phaseId: phase.id,
      title,
      label: null,
      description: 'Nights one to six',
      cardImageUrl: 'https://cdn.example.com/path-card.jpg',
      coverArtUrl: null,
      orderIndex: 0,
      isUnlocked: false,
      opensAfterDays: 0,
    });
  });

  it('takes the order and lock state the body gives', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const path = await createPath(bed.admin, phase.id, { orderIndex: 3, isUnlocked: true });
    expect(path).toMatchObject({ orderIndex: 3, isUnlocked: true });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ description: 'no title' }, 'Title is required'],
    [{ title: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
    [
      { title: 'P', cardImageUrl: `https://cdn.example.com/${'x'.repeat(480)}.jpg` },
      'Card image URL must be at most 500 characters',
    ],
    [
      { title: 'P', coverArtUrl: 'not a link' },
      'Cover art URL must be a web address starting with https:// or a site path starting with /',
    ],
    [{ title: 'P', isUnlocked: 'yes' }, 'isUnlocked must be true or false'],
  ])('refuses %j with 400 "%s"', async (fields, message) => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/phases/${phase.id}/paths`, fields);
    expect(status).toBe(400);
    expect(messages(body)).toContain(message);
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}/paths`)).body).toEqual([]);
  });

  it('answers 404 "Phase not found" under a deleted phase', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    await call(bed.admin, 'DELETE', `/api/admin/phases/${phase.id}`);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/phases/${phase.id}/paths`, {
      title: 'Late',
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Phase not found' });
  });
});

describe('GET /api/admin/phases/{phaseId}/paths', () => {
  it("lists the phase's live paths by order", async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const second = await createPath(bed.admin, phase.id, { orderIndex: 2 });
    const first = await createPath(bed.admin, phase.id, { orderIndex: 1 });
    const deleted = await createPath(bed.admin, phase.id, { orderIndex: 3 });
    await call(bed.admin, 'DELETE', nested(phase.programId, phase.id, deleted.id));
    const { status, body } = await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}/paths`);
    expect(status).toBe(200);
    expect(body).toEqual([first, second]);
  });
});

describe('GET /api/admin/paths/{pathId}', () => {
  it('answers the path with the ids and titles of its phase and programme', async () => {
    const { program, phase, path } = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'GET', `/api/admin/paths/${path.id}`);
    expect(status).toBe(200);
    expect(adminPathDetailsSchema.parse(body)).toEqual({
      path,
      phase: { id: phase.id, title: phase.title },
      program: { id: program.id, title: program.title },
    });
  });
});

describe('GET, PATCH, DELETE /api/admin/programs/{programId}/phases/{phaseId}/paths/{pathId}', () => {
  it('reads the path', async () => {
    const { program, phase, path } = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'GET', nested(program.id, phase.id, path.id));
    expect(status).toBe(200);
    expect(body).toEqual(path);
  });

  it('changes only the fields sent', async () => {
    const { program, phase, path } = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'PATCH', nested(program.id, phase.id, path.id), {
      title: 'Renamed path',
      label: 'Nights 1-6',
      isUnlocked: true,
      coverArtUrl: '/images/path-cover.jpg',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...path,
      updatedAt: expect.any(String),
      title: 'Renamed path',
      label: 'Nights 1-6',
      isUnlocked: true,
      coverArtUrl: '/images/path-cover.jpg',
    });
  });

  it('refuses an empty title with 400 "Title is required"', async () => {
    const { program, phase, path } = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'PATCH', nested(program.id, phase.id, path.id), {
      title: '',
    });
    expect(status).toBe(400);
    expect(body.error).toBe('Title is required');
    expect((await call(bed.admin, 'GET', nested(program.id, phase.id, path.id))).body).toEqual(path);
  });

  it('answers 404 "Path not found" when the path does not hang under that phase and programme', async () => {
    const { program, phase, path } = await createTree(bed.admin, 0);
    const other = await createTree(bed.admin, 0);
    for (const address of [
      nested(program.id, other.phase.id, path.id),
      nested(other.program.id, phase.id, path.id),
      nested(other.program.id, other.phase.id, path.id),
    ]) {
      for (const [method, json] of [
        ['GET', undefined],
        ['PATCH', { title: 'Hijacked' }],
        ['DELETE', undefined],
      ] as const) {
        const { status, body } = await call(bed.admin, method, address, json);
        expect(status).toBe(404);
        expect(body).toEqual({ error: 'Path not found' });
      }
    }
    expect((await call(bed.admin, 'GET', nested(program.id, phase.id, path.id))).body).toEqual(path);
  });

  it('deletes softly: the path and its classes disappear from admin calls and stay stored', async () => {
    const { program, phase, path, classes } = await createTree(bed.admin, 2);
    const { status, body } = await call(bed.admin, 'DELETE', nested(program.id, phase.id, path.id));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}/paths`)).body).toEqual([]);
    expect((await call(bed.admin, 'GET', nested(program.id, phase.id, path.id))).status).toBe(404);
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`)).status).toBe(404);
    expect((await call(bed.admin, 'GET', `/api/admin/classes/${classes[0]!.id}`)).status).toBe(404);
    expect(
      (await call(bed.admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, { isUnlocked: true })).status,
    ).toBe(404);
    const stored = await bed.deps.db('paths').where({ id: path.id }).first();
    expect(stored).toMatchObject({ title: path.title, deletedAt: expect.any(Date) });
    const storedClasses = await bed.deps.db('classes').whereIn(
      'id',
      classes.map((row) => row.id),
    );
    expect(storedClasses).toHaveLength(2);
    expect(storedClasses.every((row) => row.deletedAt instanceof Date)).toBe(true);
  });
});

describe('PATCH /api/admin/paths/{id}/lock', () => {
  it('unlocks and locks a path', async () => {
    const { path } = await createTree(bed.admin, 0);
    const unlocked = await call(bed.admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, { isUnlocked: true });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ ...path, isUnlocked: true, updatedAt: expect.any(String) });
    const locked = await call(bed.admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, { isUnlocked: false });
    expect(locked.body).toEqual({ ...path, isUnlocked: false, updatedAt: expect.any(String) });
  });

  it('refuses a body without isUnlocked with 400', async () => {
    const { path } = await createTree(bed.admin, 0);
    const { status, body } = await call(bed.admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, {
      locked: true,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('isUnlocked must be true or false');
  });
});

describe('PATCH /api/admin/phases/{phaseId}/paths/reorder', () => {
  it('stores the 1-based order sent', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const a = await createPath(bed.admin, phase.id, { orderIndex: 1 });
    const b = await createPath(bed.admin, phase.id, { orderIndex: 2 });
    const c = await createPath(bed.admin, phase.id, { orderIndex: 3 });
    const { status, body } = await call<AdminPath[]>(
      bed.admin,
      'PATCH',
      `/api/admin/phases/${phase.id}/paths/reorder`,
      {
        paths: [
          { id: b.id, orderIndex: 1 },
          { id: c.id, orderIndex: 2 },
          { id: a.id, orderIndex: 3 },
        ],
      },
    );
    expect(status).toBe(200);
    expect(body.map((path) => [path.id, path.orderIndex])).toEqual([
      [b.id, 1],
      [c.id, 2],
      [a.id, 3],
    ]);
    const list = await call<AdminPath[]>(bed.admin, 'GET', `/api/admin/phases/${phase.id}/paths`);
    expect(list.body.map((path) => path.id)).toEqual([b.id, c.id, a.id]);
  });

  it("refuses a 0 position, another phase's path, a deleted path or a stale list, and changes nothing", async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const a = await createPath(bed.admin, phase.id, { orderIndex: 1 });
    const b = await createPath(bed.admin, phase.id, { orderIndex: 2 });
    const foreign = await createPath(bed.admin, (await createPhase(bed.admin, phase.programId)).id, {
      orderIndex: 1,
    });
    const deleted = await createPath(bed.admin, phase.id, { orderIndex: 3 });
    await call(bed.admin, 'DELETE', nested(phase.programId, phase.id, deleted.id));

    const attempts: [unknown, string, number?][] = [
      [
        {
          paths: [
            { id: b.id, orderIndex: 0 },
            { id: a.id, orderIndex: 1 },
          ],
        },
        'Order must be at least 1',
      ],
      [
        {
          paths: [
            { id: b.id, orderIndex: 1 },
            { id: a.id, orderIndex: 2 },
            { id: foreign.id, orderIndex: 3 },
          ],
        },
        `Path ${foreign.id} does not belong to this phase`,
      ],
      [
        {
          paths: [
            { id: b.id, orderIndex: 1 },
            { id: a.id, orderIndex: 2 },
            { id: deleted.id, orderIndex: 3 },
          ],
        },
        LIST_CHANGED,
        409,
      ],
      [{ paths: [{ id: b.id, orderIndex: 1 }] }, LIST_CHANGED, 409],
      [{ paths: [] }, 'The new order is empty'],
      [[{ id: b.id, orderIndex: 1 }], 'Invalid input: expected object, received array'],
    ];
    for (const [json, message, expected = 400] of attempts) {
      const { status, body } = await call(
        bed.admin,
        'PATCH',
        `/api/admin/phases/${phase.id}/paths/reorder`,
        json,
      );
      expect(status, message).toBe(expected);
      expect(messages(body)).toContain(message);
    }
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}/paths`)).body).toEqual([a, b]);
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${foreign.phaseId}/paths`)).body).toEqual([
      foreign,
    ]);
  });

  it('answers 404 "Phase not found" for a deleted phase', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const path = await createPath(bed.admin, phase.id, { orderIndex: 1 });
    await call(bed.admin, 'DELETE', `/api/admin/phases/${phase.id}`);
    const { status, body } = await call(bed.admin, 'PATCH', `/api/admin/phases/${phase.id}/paths/reorder`, {
      paths: [{ id: path.id, orderIndex: 1 }],
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Phase not found' });
  });

  it('keeps classes under their path when their path is reordered', async () => {
    const { phase, path, classes } = await createTree(bed.admin, 1);
    const extra = await createPath(bed.admin, phase.id, { orderIndex: 2 });
    await createClass(bed.admin, extra.id);
    await call(bed.admin, 'PATCH', `/api/admin/phases/${phase.id}/paths/reorder`, {
      paths: [
        { id: extra.id, orderIndex: 1 },
        { id: path.id, orderIndex: 2 },
      ],
    });
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${path.id}/classes`)).body).toEqual(classes);
  });
});
