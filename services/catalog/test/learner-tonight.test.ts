import { describe, expect, it } from 'vitest';
import { pathDetailsSchema, tonightListSchema } from '@sleep-ritual/contracts/catalog';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import {
  createClass,
  createLearner,
  createPath,
  createPhase,
  createProgram,
  grant,
  softDelete,
} from '@sleep-ritual/learning/testing-catalog';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';

const service = useService(createApp);
const deps = service.deps;

/** A programme whose first path holds `nights` classes "Night 1"… and whose second phase holds one bonus. */
async function ritual(nights = 6) {
  const programId = await createProgram(deps.db);
  const phaseId = await createPhase(deps.db, programId, { orderIndex: 0 });
  const pathId = await createPath(deps.db, phaseId, { isUnlocked: true, orderIndex: 1 });
  const classIds: number[] = [];
  // Created in reverse so that only orderIndex can put them right.
  for (let index = nights - 1; index >= 0; index -= 1) {
    classIds.unshift(
      await createClass(deps.db, pathId, {
        orderIndex: index,
        label: `Night ${index + 1}`,
        title: `Title ${index + 1}`,
        durationMinutes: 15 + index,
      }),
    );
  }
  const bonusPhaseId = await createPhase(deps.db, programId, { orderIndex: 1 });
  const bonusPathId = await createPath(deps.db, bonusPhaseId, { isUnlocked: true, orderIndex: 1 });
  const bonusId = await createClass(deps.db, bonusPathId, { label: 'Bonus 1', title: 'Wind-Down' });
  return { programId, phaseId, pathId, classIds, bonusPathId, bonusId };
}

async function learner(...programIds: number[]) {
  const userId = await createLearner(deps.db);
  for (const programId of programIds) await grant(deps.db, userId, programId);
  return Object.assign(await clientWithSession(service.url, deps, { userId }), { userId });
}

type Learner = Awaited<ReturnType<typeof learner>>;

async function tonight(client: Learner) {
  const response = await client.request('/api/my-programs/tonight');
  expect(response.status).toBe(200);
  return tonightListSchema.parse(await response.json());
}

const complete = (userId: number, classId: number) =>
  deps
    .db('user_progress')
    .insert({ userId, classId, maxPositionSec: 900, percentWatched: 100, completed: true });

describe('GET /api/my-programs/tonight', () => {
  it('before anything is watched, points at the first night with the path progress 0 of 6', async () => {
    const course = await ritual();
    const client = await learner(course.programId);
    expect(await tonight(client)).toEqual([
      {
        programId: course.programId,
        pathId: course.pathId,
        classId: course.classIds[0],
        label: 'Night 1',
        title: 'Title 1',
        durationMinutes: 15,
        inProgress: false,
        repeat: false,
        opensAt: null,
        listenAgain: [],
        completedCount: 0,
        classCount: 6,
      },
    ]);
  });

  it('after the first nights are completed, points at the first night not completed, with "3 of 6"', async () => {
    const course = await ritual();
    const client = await learner(course.programId);
    for (const classId of [course.classIds[0]!, course.classIds[1]!, course.classIds[3]!]) {
      await complete(client.userId, classId);
    }
    const [next] = await tonight(client);
    expect(next).toMatchObject({
      classId: course.classIds[2],
      label: 'Night 3',
      completedCount: 3,
      classCount: 6,
    });
  });

  it('prefers the night in progress over the first one not completed', async () => {
    const course = await ritual();
    const client = await learner(course.programId);
    await deps.db('user_progress').insert({
      userId: client.userId,
      classId: course.classIds[4],
      maxPositionSec: 120,
      percentWatched: 10,
    });
    const [next] = await tonight(client);
    expect(next).toMatchObject({ classId: course.classIds[4], inProgress: true, repeat: false });
  });

  it('skips locked and deleted classes, and classes of a locked path', async () => {
    const course = await ritual();
    const client = await learner(course.programId);
    await complete(client.userId, course.classIds[0]!);
    await deps.db('classes').where({ id: course.classIds[1] }).update({ isUnlocked: false });
    await softDelete(deps.db, 'classes', course.classIds[2]!);
    const [next] = await tonight(client);
    expect(next).toMatchObject({ classId: course.classIds[3], completedCount: 1, classCount: 5 });

    await deps.db('paths').where({ id: course.pathId }).update({ isUnlocked: false });
    expect((await tonight(client))[0]).toMatchObject({ classId: course.bonusId, pathId: course.bonusPathId });
  });

  it('after the last class, points at the first again, marked as a repeat', async () => {
    const course = await ritual(2);
    const client = await learner(course.programId);
    for (const classId of [...course.classIds, course.bonusId]) await complete(client.userId, classId);
    const [next] = await tonight(client);
    expect(next).toMatchObject({
      classId: course.classIds[0],
      repeat: true,
      completedCount: 2,
      classCount: 2,
    });
  });

  it('lists only owned, visible programmes with an open class, in programme order', async () => {
    const first = await ritual(1);
    const second = await ritual(1);
    const notOwned = await ritual(1);
    const deleted = await ritual(1);
    const empty = await createProgram(deps.db);
    await deps.db('programs').where({ id: first.programId }).update({ orderIndex: 9 });
    await softDelete(deps.db, 'programs', deleted.programId);
    const client = await learner(first.programId, second.programId, deleted.programId, empty);
    await grant(deps.db, client.userId, notOwned.programId, 'refunded');
    expect((await tonight(client)).map((item) => item.programId)).toEqual([
      second.programId,
      first.programId,
    ]);
  });

  it('answers 401 without a signed-in learner', async () => {
    const response = await fetch(`${service.url}/api/my-programs/tonight`);
    expect(response.status).toBe(401);
  });
});

describe('GET /api/paths/{id}/details nextClassId', () => {
  it('names the class to listen to next on the path, and null when the path is locked', async () => {
    const course = await ritual(3);
    const client = await learner(course.programId);
    await complete(client.userId, course.classIds[0]!);
    const read = async () =>
      pathDetailsSchema.parse(await (await client.request(`/api/paths/${course.pathId}/details`)).json());
    expect((await read()).nextClassId).toBe(course.classIds[1]);
    await deps.db('paths').where({ id: course.pathId }).update({ isUnlocked: false });
    expect((await read()).nextClassId).toBeNull();
  });
});
