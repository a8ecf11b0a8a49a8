import { describe, expect, it } from 'vitest';
import { learnerAccessMessages } from '@sleep-ritual/contracts/catalog';
import { progressRecordSchema } from '@sleep-ritual/contracts/progress';
import { clientWithSession, createClient } from '@sleep-ritual/platform/testing';
import { createCourse, createLearner, grant, softDelete } from '@sleep-ritual/platform/testing-catalog';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';

const service = useService(createApp);
const deps = service.deps;

async function learner({ owns = true } = {}) {
  const course = await createCourse(deps.db);
  const userId = await createLearner(deps.db);
  if (owns) await grant(deps.db, userId, course.programId);
  const client = await clientWithSession(service.url, deps, { userId });
  const mark = (json: unknown, classId = course.classId) =>
    client.request(`/api/progress/${classId}/completion`, { method: 'PUT', json });
  const watch = (event_type: string, position_sec: number) =>
    client.request(`/api/progress/${course.classId}`, {
      method: 'PUT',
      json: { position_sec, duration_sec: 1000, event_type },
    });
  return { ...course, userId, client, mark, watch };
}

describe('PUT /api/progress/{classId}/completion', () => {
  it('marks a class never played as completed, and the undo takes it back', async () => {
    const l = await learner();
    const done = await l.mark({ completed: true });
    expect(done.status).toBe(200);
    const record = progressRecordSchema.parse(await done.json());
    expect(record).toMatchObject({ classId: l.classId, completed: true, maxPositionSec: 0, totalPlays: 0 });
    expect(record.completedAt).not.toBeNull();

    const undone = progressRecordSchema.parse(await (await l.mark({ completed: false })).json());
    expect(undone).toMatchObject({ completed: false, completedAt: null });
    const read = progressRecordSchema.parse(
      await (await l.client.request(`/api/progress/${l.classId}`)).json(),
    );
    expect(read.completed).toBe(false);
  });

  it('keeps what was watched, and the first completion time, like a completion by watching', async () => {
    const l = await learner();
    await l.watch('session_start', 3);
    await l.watch('timeupdate', 400);
    const first = progressRecordSchema.parse(await (await l.mark({ completed: true })).json());
    expect(first).toMatchObject({ completed: true, maxPositionSec: 400, percentWatched: 40, totalPlays: 1 });
    const again = progressRecordSchema.parse(await (await l.mark({ completed: true })).json());
    expect(again.completedAt).toBe(first.completedAt);
    // Watching on after a manual completion never undoes it.
    const watched = progressRecordSchema.parse(await (await l.watch('timeupdate', 500)).json());
    expect(watched).toMatchObject({ completed: true, maxPositionSec: 500 });
  });

  it('refuses a body without a boolean completed with 400 and writes nothing', async () => {
    const l = await learner();
    for (const body of [{}, { completed: 'yes' }, null]) {
      const response = await l.mark(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await deps.db('user_progress').where({ userId: l.userId })).toHaveLength(0);
  });

  it('answers 403 for a class of a programme not owned or a locked class, 404 for a deleted one, 401 signed out', async () => {
    const stranger = await learner({ owns: false });
    const refused = await stranger.mark({ completed: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: learnerAccessMessages.notOwned });

    const l = await learner();
    await deps.db('classes').where({ id: l.secondClassId }).update({ isUnlocked: false });
    const locked = await l.mark({ completed: true }, l.secondClassId);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toEqual({ error: learnerAccessMessages.locked });

    await softDelete(deps.db, 'classes', l.classId);
    expect((await l.mark({ completed: true })).status).toBe(404);
    expect(await deps.db('user_progress').where({ userId: l.userId })).toHaveLength(0);

    const anonymous = createClient(service.url);
    const response = await anonymous.request(`/api/progress/${l.secondClassId}/completion`, {
      method: 'PUT',
      json: { completed: true },
    });
    expect(response.status).toBe(401);
  });
});
