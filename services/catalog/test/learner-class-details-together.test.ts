import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithSession, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import {
  createClass,
  createCourse,
  createLearner,
  grant,
  softDelete,
} from '@sleep-ritual/platform/testing-catalog';
import { createApp } from '../src/app.ts';
import { findClasses } from '../src/data/learner-classes.ts';

const deps = createTestDeps();
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  server = await listen(createApp(deps));
});
afterAll(async () => {
  await server.close();
  await deps.close();
});

async function learner(...programIds: number[]) {
  const userId = await createLearner(deps.db);
  for (const programId of programIds) await grant(deps.db, userId, programId);
  return Object.assign(await clientWithSession(server.url, deps, { userId }), { userId });
}

// Concurrent class pages are read from the database together; each learner must still get exactly
// what a request of its own would give.
describe('GET /api/classes/{id}/details from many learners at once', () => {
  it('answers each request with its own class, its own progress, or its own refusal', async () => {
    const course = await createCourse(deps.db);
    const other = await createCourse(deps.db);
    const lockedClassId = await createClass(deps.db, course.pathId, { orderIndex: 2, isUnlocked: false });
    const deletedClassId = await createClass(deps.db, course.pathId, { orderIndex: 3 });
    await softDelete(deps.db, 'classes', deletedClassId);
    const [watcher, newcomer, outsider] = await Promise.all([learner(course.programId), learner(course.programId), learner(other.programId)]);
    await deps.db('user_progress').insert({
      userId: watcher.userId,
      classId: course.classId,
      maxPositionSec: 300,
      durationSeconds: 960,
      percentWatched: 31,
    });

    const calls = [
      { client: watcher, classId: course.classId, status: 200, progress: { maxPositionSec: 300, durationSeconds: 960, percentWatched: 31, completed: false } },
      { client: newcomer, classId: course.classId, status: 200, progress: null },
      { client: watcher, classId: course.secondClassId, status: 200, progress: null },
      { client: outsider, classId: course.classId, status: 403 },
      { client: outsider, classId: other.classId, status: 200, progress: null },
      { client: newcomer, classId: lockedClassId, status: 403 },
      { client: watcher, classId: deletedClassId, status: 404 },
      { client: newcomer, classId: 2_147_483_647, status: 404 },
    ];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(calls.map(({ client, classId }) => client.request(`/api/classes/${classId}/details`)));
      for (const [index, answer] of answers.entries()) {
        const call = calls[index]!;
        expect(answer.status, `call ${index}`).toBe(call.status);
        const body = await answer.json();
        if (call.status === 200) expect(body, `call ${index}`).toMatchObject({ id: call.classId, progress: call.progress });
      }
    }
  });

  it('reads many lookups in one query exactly as it reads each alone, in the order asked', async () => {
    const course = await createCourse(deps.db);
    const deletedClassId = await createClass(deps.db, course.pathId, { orderIndex: 2 });
    await softDelete(deps.db, 'classes', deletedClassId);
    const owner = await learner(course.programId);
    const stranger = await learner();
    await deps.db('user_progress').insert({ userId: owner.userId, classId: course.secondClassId, maxPositionSec: 60, durationSeconds: 600, percentWatched: 10 });
    const lookups = [
      { classId: course.secondClassId, userId: owner.userId },
      { classId: deletedClassId, userId: owner.userId },
      { classId: course.classId, userId: stranger.userId },
      { classId: course.secondClassId, userId: stranger.userId },
      { classId: course.classId, userId: owner.userId },
      { classId: course.secondClassId, userId: owner.userId },
    ];
    const together = await findClasses(deps.db, lookups);
    const alone = await Promise.all(lookups.map(async (lookup) => (await findClasses(deps.db, [lookup]))[0]));
    expect(together).toEqual(alone);
    expect(together.map((row) => row && [row.id, row.isOwned, row.maxPositionSec])).toEqual([
      [course.secondClassId, true, 60],
      undefined,
      [course.classId, false, null],
      [course.secondClassId, false, null],
      [course.classId, true, null],
      [course.secondClassId, true, 60],
    ]);
  });
});
