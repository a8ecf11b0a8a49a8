import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientWithSession, uniqueEmail } from '@sleep-ritual/platform/testing';
import { adminTestbed, call, createClass, createPath, createPhase, createProgram } from './admin-fixtures.ts';

const bed = adminTestbed();

/** A learner who bought the programme, with a session. */
async function owner(programId: number) {
  const [user] = await bed.deps
    .db('users')
    .insert({ email: uniqueEmail('owner') })
    .returning('id');
  await bed.deps
    .db('purchases')
    .insert({ userId: user.id, programId, status: 'completed', thriveOrderId: `T-${randomUUID()}` });
  return clientWithSession(bed.url, bed.deps, { userId: user.id });
}

describe('what the admin changes is what a learner who owns the programme sees', () => {
  it('class order, lock state and a deleted path reach the learner calls', async () => {
    const program = await createProgram(bed.admin);
    const phase = await createPhase(bed.admin, program.id);
    const path = await createPath(bed.admin, phase.id, { orderIndex: 1 });
    const doomed = await createPath(bed.admin, phase.id, { orderIndex: 2, isUnlocked: true });
    await createClass(bed.admin, doomed.id, { isUnlocked: true });
    const first = await createClass(bed.admin, path.id, { orderIndex: 0, isUnlocked: true });
    const second = await createClass(bed.admin, path.id, { orderIndex: 1, isUnlocked: true });
    const learner = await owner(program.id);

    // New paths are locked; the admin opens this one, swaps the two classes and locks the first one.
    await call(bed.admin, 'PATCH', `/api/admin/paths/${path.id}/lock`, { isUnlocked: true });
    const reordered = await call(bed.admin, 'POST', `/api/admin/paths/${path.id}/classes/reorder`, {
      classUpdates: [
        { id: second.id, orderIndex: 0 },
        { id: first.id, orderIndex: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    await call(bed.admin, 'PATCH', `/api/admin/classes/${first.id}/lock`, { isUnlocked: false });
    const deleted = await call(
      bed.admin,
      'DELETE',
      `/api/admin/programs/${program.id}/phases/${phase.id}/paths/${doomed.id}`,
    );
    expect(deleted.status).toBe(200);

    const classes = await call(learner, 'GET', `/api/paths/${path.id}/classes`);
    expect(classes.status).toBe(200);
    expect(
      classes.body.map((lesson: { id: number; isUnlocked: boolean }) => [lesson.id, lesson.isUnlocked]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const hierarchy = await call(learner, 'GET', `/api/programs/${program.id}/hierarchy`);
    expect(hierarchy.body.phases.map((row: { id: number }) => row.id)).toEqual([phase.id]);
    expect(hierarchy.body.phases[0].paths.map((row: { id: number }) => row.id)).toEqual([path.id]);
    expect((await call(learner, 'GET', `/api/paths/${doomed.id}/details`)).status).toBe(404);
  });

  it('a programme, phase or class deleted by the admin answers 404 to its owner', async () => {
    const program = await createProgram(bed.admin);
    const phase = await createPhase(bed.admin, program.id);
    const path = await createPath(bed.admin, phase.id, { orderIndex: 1, isUnlocked: true });
    const lesson = await createClass(bed.admin, path.id, { isUnlocked: true });
    const learner = await owner(program.id);
    expect((await call(learner, 'GET', `/api/classes/${lesson.id}/details`)).status).toBe(200);

    await call(bed.admin, 'DELETE', `/api/admin/classes/${lesson.id}`);
    expect((await call(learner, 'GET', `/api/classes/${lesson.id}/details`)).status).toBe(404);
    expect((await call(learner, 'GET', `/api/paths/${path.id}/classes`)).body).toEqual([]);

    await call(bed.admin, 'DELETE', `/api/admin/phases/${phase.id}`);
    expect((await call(learner, 'GET', `/api/paths/${path.id}/details`)).status).toBe(404);
    expect((await call(learner, 'GET', `/api/programs/${program.id}/hierarchy`)).body.phases).toEqual([]);

    await call(bed.admin, 'DELETE', `/api/admin/programs/${program.id}`);
    expect((await call(learner, 'GET', `/api/programs/${program.id}/hierarchy`)).status).toBe(404);
    const mine = await call(learner, 'GET', '/api/my-programs');
    expect(mine.body.map((row: { id: number }) => row.id)).not.toContain(program.id);
  });
});
