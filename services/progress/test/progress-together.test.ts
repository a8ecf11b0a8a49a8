import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnerAccessMessages } from '@sleep-ritual/contracts/catalog';
import { clientWithSession, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import { createClass, createCourse, createLearner, grant, softDelete } from '@sleep-ritual/platform/testing-catalog';
import { createApp } from '../src/app.ts';
import { upsertEventIfAllowed } from '../src/data/progress-batches.ts';
import { eventValues } from '../src/domain/record-progress.ts';

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
  const client = await clientWithSession(server.url, deps, { userId });
  const send = (classId: number, event_type: string, position_sec: number, duration_sec = 1000) =>
    client.request(`/api/progress/${classId}`, { method: 'PUT', json: { position_sec, duration_sec, event_type } });
  return { userId, send };
}

// Heartbeats of concurrent requests are written together; each must still have exactly the effect and
// the answer it would have alone.
describe('PUT /api/progress/{classId} from many learners at once', () => {
  it('answers each event with its own record or its own refusal, and writes only the allowed ones', async () => {
    const course = await createCourse(deps.db);
    const lockedClassId = await createClass(deps.db, course.pathId, { orderIndex: 2, isUnlocked: false });
    const deletedClassId = await createClass(deps.db, course.pathId, { orderIndex: 3 });
    await softDelete(deps.db, 'classes', deletedClassId);
    const [first, second, outsider] = await Promise.all([learner(course.programId), learner(course.programId), learner()]);

    const answers = await Promise.all([
      first.send(course.classId, 'timeupdate', 100),
      second.send(course.classId, 'timeupdate', 950),
      first.send(course.secondClassId, 'ended', 10),
      outsider.send(course.classId, 'timeupdate', 100),
      second.send(lockedClassId, 'timeupdate', 100),
      first.send(deletedClassId, 'timeupdate', 100),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 403, 403, 404]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies[0]).toMatchObject({ classId: course.classId, maxPositionSec: 100, percentWatched: 10, completed: false });
    expect(bodies[1]).toMatchObject({ classId: course.classId, maxPositionSec: 950, percentWatched: 95, completed: true });
    expect(bodies[2]).toMatchObject({ classId: course.secondClassId, maxPositionSec: 10, completed: true });
    expect(bodies.slice(3)).toEqual([
      { error: learnerAccessMessages.notOwned },
      { error: learnerAccessMessages.locked },
      { error: learnerAccessMessages.notFound('class') },
    ]);
    const rows = await deps.db('user_progress').whereIn('userId', [first.userId, second.userId, outsider.userId]);
    expect(rows.map((row) => [row.userId, row.classId]).sort()).toEqual(
      [
        [first.userId, course.classId],
        [second.userId, course.classId],
        [first.userId, course.secondClassId],
      ].sort(),
    );
  });

  it('events of one learner and class sent at once all count, as if sent one after another', async () => {
    const course = await createCourse(deps.db);
    const watcher = await learner(course.programId);
    const positions = [120, 40, 610, 300, 580, 90, 615, 200];
    const answers = await Promise.all([
      ...positions.map((position) => watcher.send(course.classId, 'timeupdate', position)),
      watcher.send(course.classId, 'session_start', 0),
      watcher.send(course.classId, 'session_start', 0),
      watcher.send(course.classId, 'session_start', 0),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const row = await deps.db('user_progress').where({ userId: watcher.userId, classId: course.classId }).first();
    expect(row).toMatchObject({ maxPositionSec: 615, percentWatched: 61, totalPlays: 3, completed: false });
  });

  it("when one learner's row fails within a batch (the learner deleted meanwhile), the others are still written", async () => {
    const course = await createCourse(deps.db);
    const [leaving, staying] = await Promise.all([learner(course.programId), learner(course.programId)]);
    const removal = await deps.db.transaction();
    try {
      await removal('users').where({ id: leaving.userId }).delete();
      // Both events go in one batch: its statement waits on the uncommitted removal, which then commits.
      const written = Promise.all([
        upsertEventIfAllowed(deps.db, eventValues(leaving.userId, course.classId, { position_sec: 10, duration_sec: 100, event_type: 'timeupdate' })),
        upsertEventIfAllowed(deps.db, eventValues(staying.userId, course.classId, { position_sec: 20, duration_sec: 100, event_type: 'timeupdate' })),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await removal.commit();
      const [left, stayed] = await written;
      expect(left).toBeUndefined();
      expect(stayed).toMatchObject({ classId: course.classId, maxPositionSec: 20, percentWatched: 20 });
    } finally {
      if (!removal.isCompleted()) await removal.rollback();
    }
    expect(await deps.db('user_progress').where({ userId: staying.userId }).first()).toMatchObject({ maxPositionSec: 20 });
  });
});
