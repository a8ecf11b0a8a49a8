import { describe, expect, it } from 'vitest';
import { adminProgramSchema, type AdminProgram } from '@sleep-ritual/contracts/admin';
import {
  adminTestbed,
  call,
  createPhase,
  createProgram,
  createTree,
  messages,
  uniqueTitle,
} from './admin-fixtures.ts';

const bed = adminTestbed();
/** The title of every refused create below: none may ever be stored. */
const REFUSED = uniqueTitle('Refused');

describe('POST /api/admin/programs', () => {
  it('creates a programme with every field, active, and answers 201 with it', async () => {
    const fields = {
      title: uniqueTitle('Deep Sleep'),
      label: '12 months',
      description: 'A year of nightly practice.',
      format: 'Sleep Ritual',
      programType: 'Add On',
      programCardFinePrint: 'Billed yearly',
      cardImageUrl: 'https://cdn.example.com/card.jpg',
      coverArtUrl: '/images/cover.jpg',
      redirectUrl: '/upgrade',
      orderIndex: 4,
      isActive: true,
    };
    const { status, body } = await call<AdminProgram>(bed.admin, 'POST', '/api/admin/programs', fields);
    expect(status).toBe(201);
    expect(adminProgramSchema.parse(body)).toEqual({
      id: expect.any(Number),
      updatedAt: expect.any(String),
      ...fields,
    });
    const read = await call(bed.admin, 'GET', `/api/admin/programs/${body.id}`);
    expect(read.body).toEqual(body);
  });

  it('defaults the type to Full Program, active, empty optional fields to null, and places it last', async () => {
    const before = await call<AdminProgram[]>(bed.admin, 'GET', '/api/admin/programs');
    const { body } = await call<AdminProgram>(bed.admin, 'POST', '/api/admin/programs', {
      title: `  ${uniqueTitle('Plain')}  `,
      label: '',
      redirectUrl: '  ',
    });
    expect(body).toMatchObject({
      programType: 'Full Program',
      isActive: true,
      label: null,
      redirectUrl: null,
    });
    expect(body.title).not.toMatch(/^\s|\s$/);
    const last = Math.max(0, ...before.body.map((program) => program.orderIndex));
    expect(body.orderIndex).toBeGreaterThan(last);
  });

  it.each([
    [{ title: '' }, 'Name is required'],
    [{}, 'Name is required'],
    [{ title: 'x'.repeat(256) }, 'Name must be at most 255 characters'],
    [{ title: REFUSED, label: 'x'.repeat(256) }, 'Label must be at most 255 characters'],
    [{ title: REFUSED, programType: 'Bundle' }, "Type must be 'Full Program' or 'Add On'"],
    [{ title: REFUSED, orderIndex: 0 }, 'Display order must be at least 1'],
    [{ title: REFUSED, orderIndex: 1.5 }, 'Display order must be a whole number'],
    [{ title: REFUSED, orderIndex: 'first' }, 'Display order must be a number'],
    [{ title: REFUSED, orderIndex: 3_000_000_000 }, 'Display order is too large'],
    [
      { title: REFUSED, cardImageUrl: `https://cdn.example.com/${'x'.repeat(480)}.jpg` },
      'Card image URL must be at most 500 characters',
    ],
    [
      { title: REFUSED, coverArtUrl: 'javascript:alert(1)' },
      'Cover art URL must be a web address starting with https:// or a site path starting with /',
    ],
    [{ title: REFUSED, redirectUrl: `/${'x'.repeat(255)}` }, 'Redirect URL must be at most 255 characters'],
    [
      { title: REFUSED, redirectUrl: '//evil.example' },
      'Redirect URL must be a web address starting with https:// or a site path starting with /',
    ],
    [{ title: REFUSED, isActive: 'yes' }, 'Active must be true or false'],
  ])('refuses %j with 400 "%s"', async (fields, message) => {
    const { status, body } = await call(bed.admin, 'POST', '/api/admin/programs', fields);
    expect(status).toBe(400);
    expect(messages(body)).toContain(message);
    expect(body.error).toBe(message);
    expect(await bed.deps.db('programs').where({ title: REFUSED }).first()).toBeUndefined();
  });

  it('refuses a body that is not JSON with 400', async () => {
    const response = await bed.admin.request('/api/admin/programs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'The request body is not valid JSON.' });
  });
});

describe('GET /api/admin/programs', () => {
  it('lists programmes by display order, inactive ones included', async () => {
    const late = await createProgram(bed.admin, { orderIndex: 900_002 });
    const early = await createProgram(bed.admin, { orderIndex: 900_001, isActive: false });
    const { status, body } = await call<AdminProgram[]>(bed.admin, 'GET', '/api/admin/programs');
    expect(status).toBe(200);
    const ids = body.map((program) => program.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(body.find((program) => program.id === early.id)).toEqual(early);
    const orders = body.map((program) => program.orderIndex);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});

describe('PUT /api/admin/programs/{programId}', () => {
  it('changes the fields sent, clears those sent empty and keeps those left out', async () => {
    const program = await createProgram(bed.admin, {
      label: 'Old label',
      format: 'Course',
      description: 'Kept',
    });
    const title = uniqueTitle('Renamed');
    const { status, body } = await call(bed.admin, 'PUT', `/api/admin/programs/${program.id}`, {
      title,
      label: '',
      programType: 'Add On',
      orderIndex: 7,
      isActive: false,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...program,
      updatedAt: expect.any(String),
      title,
      label: null,
      programType: 'Add On',
      orderIndex: 7,
      isActive: false,
    });
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}`)).body).toEqual(body);
  });

  it('refuses an invalid edit with 400 and keeps the programme as it was', async () => {
    const program = await createProgram(bed.admin);
    for (const fields of [
      { title: '   ' },
      { title: 'T', programType: 'Full' },
      { title: 'T', orderIndex: 0 },
      { title: 'x'.repeat(256) },
    ]) {
      const { status } = await call(bed.admin, 'PUT', `/api/admin/programs/${program.id}`, fields);
      expect(status).toBe(400);
    }
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}`)).body).toEqual(program);
  });

  it('refuses a display order beyond what the column holds with 400, and keeps the programme as it was', async () => {
    const program = await createProgram(bed.admin);
    const { status, body } = await call(bed.admin, 'PUT', `/api/admin/programs/${program.id}`, {
      title: 'T',
      orderIndex: 3_000_000_000,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('Display order is too large');
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}`)).body).toEqual(program);
  });

  it('answers 404 "Program not found" for an unknown programme', async () => {
    const { status, body } = await call(bed.admin, 'PUT', '/api/admin/programs/2147483000', { title: 'T' });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Program not found' });
  });
});

describe('DELETE /api/admin/programs/{programId}', () => {
  it('hides the programme and everything in it from admin calls, and keeps the data', async () => {
    const { program, phase, path, classes } = await createTree(bed.admin, 1);
    const { status, body } = await call(bed.admin, 'DELETE', `/api/admin/programs/${program.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });

    const list = await call<AdminProgram[]>(bed.admin, 'GET', '/api/admin/programs');
    expect(list.body.map((row) => row.id)).not.toContain(program.id);
    for (const path_ of [
      `/api/admin/programs/${program.id}`,
      `/api/admin/programs/${program.id}/phases`,
      `/api/admin/phases/${phase.id}`,
      `/api/admin/paths/${path.id}`,
      `/api/admin/classes/${classes[0]!.id}`,
    ]) {
      expect((await call(bed.admin, 'GET', path_)).status).toBe(404);
    }
    expect((await call(bed.admin, 'DELETE', `/api/admin/programs/${program.id}`)).status).toBe(404);
    expect(
      (await call(bed.admin, 'PUT', `/api/admin/programs/${program.id}`, { title: 'Back' })).status,
    ).toBe(404);

    // The rows stay, marked with the one deletedAt that learner queries filter on (`deletedAt is null`).
    const stored = await bed.deps.db('programs').where({ id: program.id }).first();
    expect(stored.title).toBe(program.title);
    expect(stored.deletedAt).toBeInstanceOf(Date);
    for (const [table, id] of [
      ['phases', phase.id],
      ['paths', path.id],
      ['classes', classes[0]!.id],
    ] as const) {
      const row = await bed.deps.db(table).where({ id }).first();
      expect(row).toBeDefined();
      expect(row.deletedAt).toEqual(stored.deletedAt);
      expect(await bed.deps.db(table).where({ id }).whereNull('deletedAt').first()).toBeUndefined();
    }
  });

  it('leaves other programmes alone', async () => {
    const kept = await createProgram(bed.admin);
    const keptPhase = await createPhase(bed.admin, kept.id);
    const doomed = await createProgram(bed.admin);
    await call(bed.admin, 'DELETE', `/api/admin/programs/${doomed.id}`);
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${kept.id}`)).body).toEqual(kept);
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${kept.id}/phases`)).body).toEqual([keptPhase]);
  });
});

describe('PUT /api/admin/programs/reorder', () => {
  it('stores the positions sent and lists the programmes in the new order', async () => {
    const [a, b, c] = [
      await createProgram(bed.admin),
      await createProgram(bed.admin),
      await createProgram(bed.admin),
    ];
    const { status, body } = await call<AdminProgram[]>(bed.admin, 'PUT', '/api/admin/programs/reorder', [
      { id: c!.id, orderIndex: 0 },
      { id: a!.id, orderIndex: 1 },
      { id: b!.id, orderIndex: 2 },
    ]);
    expect(status).toBe(200);
    const mine = body.filter((program) => [a!.id, b!.id, c!.id].includes(program.id));
    expect(mine.map((program) => [program.id, program.orderIndex])).toEqual([
      [c!.id, 0],
      [a!.id, 1],
      [b!.id, 2],
    ]);
    const list = await call<AdminProgram[]>(bed.admin, 'GET', '/api/admin/programs');
    const listed = list.body.filter((program) => [a!.id, b!.id, c!.id].includes(program.id));
    expect(listed.map((program) => program.id)).toEqual([c!.id, a!.id, b!.id]);
  });

  it.each([
    ['an empty list', [], 'The new order is empty'],
    ['a repeated id', 'repeat-id', 'Each id may appear only once'],
    ['a repeated position', 'repeat-position', 'Each position may appear only once'],
    ['a negative position', 'negative', 'Order must be at least 0'],
    ['an object instead of a list', { programs: [] }, 'The new order must be a list of {id, orderIndex}'],
  ])('refuses %s with 400', async (_name, shape, message) => {
    const program = await createProgram(bed.admin);
    const body =
      shape === 'repeat-id'
        ? [
            { id: program.id, orderIndex: 0 },
            { id: program.id, orderIndex: 1 },
          ]
        : shape === 'repeat-position'
          ? [
              { id: program.id, orderIndex: 0 },
              { id: (await createProgram(bed.admin)).id, orderIndex: 0 },
            ]
          : shape === 'negative'
            ? [{ id: program.id, orderIndex: -1 }]
            : shape;
    const answer = await call(bed.admin, 'PUT', '/api/admin/programs/reorder', body);
    expect(answer.status).toBe(400);
    expect(messages(answer.body)).toContain(message);
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}`)).body).toEqual(program);
  });

  it('refuses, as a whole, a list naming a deleted programme (409) or an unknown one (400)', async () => {
    const kept = await createProgram(bed.admin, { orderIndex: 5 });
    const deleted = await createProgram(bed.admin);
    await call(bed.admin, 'DELETE', `/api/admin/programs/${deleted.id}`);
    // Deleted since the list was shown: the list changed (409, and the screen reads it again).
    expect(
      await call(bed.admin, 'PUT', '/api/admin/programs/reorder', [
        { id: kept.id, orderIndex: 0 },
        { id: deleted.id, orderIndex: 1 },
      ]),
    ).toEqual({
      status: 409,
      body: {
        error:
          'The programs changed since this list was shown (one was added or deleted elsewhere). The list has been read again: save the new order once more.',
      },
    });
    const { status, body } = await call(bed.admin, 'PUT', '/api/admin/programs/reorder', [
      { id: kept.id, orderIndex: 0 },
      { id: 2147483000, orderIndex: 1 },
    ]);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'Program 2147483000 does not exist' });
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${kept.id}`)).body.orderIndex).toBe(5);
  });
});
