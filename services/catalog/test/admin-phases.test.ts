import { describe, expect, it } from 'vitest';
import { adminPhaseSchema, type AdminPhase } from '@sleep-ritual/contracts/admin';
import {
  adminTestbed,
  call,
  createPath,
  createPhase,
  createProgram,
  messages,
  uniqueTitle,
} from './admin-fixtures.ts';

const bed = adminTestbed();

const LIST_CHANGED =
  'The phases changed since this list was shown (one was added or deleted elsewhere). The list has been read again: save the new order once more.';

describe('POST /api/admin/programs/{programId}/phases', () => {
  it('creates a phase with the spec body (order 0, unlocked) and answers 201 with it', async () => {
    const program = await createProgram(bed.admin);
    const title = uniqueTitle('Phase');
    const { status, body } = await call<AdminPhase>(
      bed.admin,
      'POST',
      `/api/admin/programs/${program.id}/phases`,
      {
        programId: program.id,
        title,
        label: null,
        description: null,
        orderIndex: 0,
      },
    );
    expect(status).toBe(201);
    expect(adminPhaseSchema.parse(body)).toEqual({
      id: expect.any(Number),
      updatedAt: expect.any(String),
      programId: program.id,
      title,
      label: null,
      description: null,
      orderIndex: 0,
      isUnlocked: true,
    });
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${body.id}`)).body).toEqual(body);
  });

  it('takes the programme from the address when the body leaves it out', async () => {
    const program = await createProgram(bed.admin);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/programs/${program.id}/phases`, {
      title: 'Phase 1',
      label: 'Week one',
      description: 'Settling in',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      programId: program.id,
      label: 'Week one',
      description: 'Settling in',
      orderIndex: 0,
    });
  });

  it('puts a phase given no order after one at the last position the column holds, at that position too', async () => {
    const program = await createProgram(bed.admin);
    const last = await call(bed.admin, 'POST', `/api/admin/programs/${program.id}/phases`, {
      title: 'At the end',
      orderIndex: 2_147_483_647,
    });
    expect(last.status).toBe(201);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/programs/${program.id}/phases`, {
      title: 'After it',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ title: 'After it', orderIndex: 2_147_483_647 });
  });

  it('refuses a body naming another programme with 400', async () => {
    const program = await createProgram(bed.admin);
    const other = await createProgram(bed.admin);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/programs/${program.id}/phases`, {
      programId: other.id,
      title: 'Misplaced',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'programId does not match the program in the address' });
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${other.id}/phases`)).body).toEqual([]);
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
    [{ title: 'P', label: 'x'.repeat(256) }, 'Label must be at most 255 characters'],
    [{ title: 'P', orderIndex: -1 }, 'Order must be at least 0'],
  ])('refuses %j with 400 "%s"', async (fields, message) => {
    const program = await createProgram(bed.admin);
    const { status, body } = await call(
      bed.admin,
      'POST',
      `/api/admin/programs/${program.id}/phases`,
      fields,
    );
    expect(status).toBe(400);
    expect(messages(body)).toContain(message);
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}/phases`)).body).toEqual([]);
  });

  it('answers 404 "Program not found" under a deleted programme', async () => {
    const program = await createProgram(bed.admin);
    await call(bed.admin, 'DELETE', `/api/admin/programs/${program.id}`);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/programs/${program.id}/phases`, {
      title: 'Late',
    });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Program not found' });
  });
});

describe('GET /api/admin/programs/{programId}/phases', () => {
  it("lists only that programme's live phases, by order", async () => {
    const program = await createProgram(bed.admin);
    const second = await createPhase(bed.admin, program.id, { orderIndex: 1 });
    const first = await createPhase(bed.admin, program.id, { orderIndex: 0 });
    const deleted = await createPhase(bed.admin, program.id, { orderIndex: 2 });
    await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    await call(bed.admin, 'DELETE', `/api/admin/phases/${deleted.id}`);
    const { status, body } = await call(bed.admin, 'GET', `/api/admin/programs/${program.id}/phases`);
    expect(status).toBe(200);
    expect(body).toEqual([first, second]);
  });
});

describe('PUT /api/admin/phases/{phaseId}', () => {
  it('changes title, label and description', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id, { label: 'Old' });
    const { status, body } = await call(bed.admin, 'PUT', `/api/admin/phases/${phase.id}`, {
      title: 'Renamed',
      label: null,
      description: 'Now described',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ...phase,
      title: 'Renamed',
      label: null,
      description: 'Now described',
      updatedAt: expect.any(String),
    });
  });

  it('refuses an empty title with 400 "Title is required" and keeps the phase', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const { status, body } = await call(bed.admin, 'PUT', `/api/admin/phases/${phase.id}`, { title: ' ' });
    expect(status).toBe(400);
    expect(body.error).toBe('Title is required');
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}`)).body).toEqual(phase);
  });

  it('answers 404 "Phase not found" for a deleted phase', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    await call(bed.admin, 'DELETE', `/api/admin/phases/${phase.id}`);
    const { status, body } = await call(bed.admin, 'PUT', `/api/admin/phases/${phase.id}`, { title: 'Back' });
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Phase not found' });
  });
});

describe('PATCH /api/admin/phases/{id}/lock', () => {
  it('locks and unlocks a phase', async () => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const locked = await call(bed.admin, 'PATCH', `/api/admin/phases/${phase.id}/lock`, {
      isUnlocked: false,
    });
    expect(locked.status).toBe(200);
    expect(locked.body).toEqual({ ...phase, isUnlocked: false, updatedAt: expect.any(String) });
    const unlocked = await call(bed.admin, 'PATCH', `/api/admin/phases/${phase.id}/lock`, {
      isUnlocked: true,
    });
    expect(unlocked.body).toEqual({ ...phase, isUnlocked: true, updatedAt: expect.any(String) });
  });

  it.each([[{}], [{ isUnlocked: 'false' }], [{ isUnlocked: 0 }]])('refuses %j with 400', async (body) => {
    const phase = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const answer = await call(bed.admin, 'PATCH', `/api/admin/phases/${phase.id}/lock`, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('isUnlocked must be true or false');
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}`)).body.isUnlocked).toBe(true);
  });

  it('answers 404 for an unknown phase', async () => {
    const { status } = await call(bed.admin, 'PATCH', '/api/admin/phases/2147483000/lock', {
      isUnlocked: true,
    });
    expect(status).toBe(404);
  });
});

describe('DELETE /api/admin/phases/{phaseId}', () => {
  it('hides the phase and its paths, and keeps the rows', async () => {
    const program = await createProgram(bed.admin);
    const phase = await createPhase(bed.admin, program.id);
    const path = await createPath(bed.admin, phase.id);
    const { status, body } = await call(bed.admin, 'DELETE', `/api/admin/phases/${phase.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}`)).status).toBe(404);
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${phase.id}/paths`)).status).toBe(404);
    expect((await call(bed.admin, 'GET', `/api/admin/paths/${path.id}`)).status).toBe(404);
    expect((await call(bed.admin, 'GET', `/api/admin/programs/${program.id}`)).status).toBe(200);
    for (const [table, id] of [
      ['phases', phase.id],
      ['paths', path.id],
    ] as const) {
      expect(await bed.deps.db(table).where({ id }).first()).toBeDefined();
      expect(await bed.deps.db(table).where({ id }).whereNull('deletedAt').first()).toBeUndefined();
    }
  });
});

describe('PUT /api/admin/phases/reorder', () => {
  it("stores the new order of a programme's phases", async () => {
    const program = await createProgram(bed.admin);
    const a = await createPhase(bed.admin, program.id, { orderIndex: 0 });
    const b = await createPhase(bed.admin, program.id, { orderIndex: 1 });
    const c = await createPhase(bed.admin, program.id, { orderIndex: 2 });
    const { status, body } = await call<AdminPhase[]>(bed.admin, 'PUT', '/api/admin/phases/reorder', [
      { id: c.id, orderIndex: 0 },
      { id: a.id, orderIndex: 1 },
      { id: b.id, orderIndex: 2 },
    ]);
    expect(status).toBe(200);
    expect(body.map((phase) => [phase.id, phase.orderIndex])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    const list = await call<AdminPhase[]>(bed.admin, 'GET', `/api/admin/programs/${program.id}/phases`);
    expect(list.body.map((phase) => phase.id)).toEqual([c.id, a.id, b.id]);
  });

  it("refuses phases of two programmes, another programme's phase, a deleted or a missing one, all or nothing", async () => {
    const program = await createProgram(bed.admin);
    const a = await createPhase(bed.admin, program.id, { orderIndex: 0 });
    const b = await createPhase(bed.admin, program.id, { orderIndex: 1 });
    const foreign = await createPhase(bed.admin, (await createProgram(bed.admin)).id);
    const deleted = await createPhase(bed.admin, program.id, { orderIndex: 2 });
    await call(bed.admin, 'DELETE', `/api/admin/phases/${deleted.id}`);

    const attempts: [unknown, string, number?][] = [
      [
        [
          { id: b.id, orderIndex: 0 },
          { id: a.id, orderIndex: 1 },
          { id: foreign.id, orderIndex: 2 },
        ],
        'All phases in one new order must belong to the same program',
      ],
      [
        [
          { id: b.id, orderIndex: 0 },
          { id: a.id, orderIndex: 1 },
          { id: deleted.id, orderIndex: 2 },
        ],
        LIST_CHANGED,
        409,
      ],
      [[{ id: b.id, orderIndex: 0 }], LIST_CHANGED, 409],
      [[{ id: 'x', orderIndex: 0 }], 'Each id must be a positive whole number'],
      [[], 'The new order is empty'],
    ];
    for (const [list, message, expected = 400] of attempts) {
      const { status, body } = await call(bed.admin, 'PUT', '/api/admin/phases/reorder', list);
      expect(status, message).toBe(expected);
      expect(messages(body)).toContain(message);
    }
    const phases = await call<AdminPhase[]>(bed.admin, 'GET', `/api/admin/programs/${program.id}/phases`);
    expect(phases.body).toEqual([a, b]);
    expect((await call(bed.admin, 'GET', `/api/admin/phases/${foreign.id}`)).body).toEqual(foreign);
  });
});
