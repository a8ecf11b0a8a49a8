import { describe, expect, it } from 'vitest';
import { learnerAccessMessages } from '@sleep-ritual/contracts/catalog';
import { progressMessages, progressRecordSchema } from '@sleep-ritual/contracts/progress';
import { clientWithSession, createClient } from '@sleep-ritual/platform/testing';
import { createCourse, createLearner, grant, softDelete } from '@sleep-ritual/learning/testing-catalog';
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

describe('why a night counts as completed', () => {
  const withAudio = (classId: number) =>
    deps.db('classes').where({ id: classId }).update({ audioUrl: '/media/demo/night-2.wav' });

  it('a night the sleep timer ended counts as completed, asleep, and keeps where the listener dozed off', async () => {
    const l = await learner();
    await withAudio(l.classId);
    await l.watch('session_start', 3);
    await l.watch('pause', 600);
    const response = await l.mark({ completed: true, reason: 'asleep' });
    expect(response.status).toBe(200);
    const record = progressRecordSchema.parse(await response.json());
    expect(record).toMatchObject({ completed: true, completionReason: 'asleep', maxPositionSec: 600 });
    // Heard again later, to its end: still the first completion, and its reason.
    const again = progressRecordSchema.parse(await (await l.watch('ended', 1000)).json());
    expect(again).toMatchObject({
      completed: true,
      completionReason: 'asleep',
      completedAt: record.completedAt,
    });
  });

  it('a night played to its end, or 90 % of it, is finished; one marked by hand is marked', async () => {
    const l = await learner();
    const played = progressRecordSchema.parse(await (await l.watch('timeupdate', 900)).json());
    expect(played).toMatchObject({ completed: true, completionReason: 'finished' });

    const other = await learner();
    const marked = progressRecordSchema.parse(await (await other.mark({ completed: true })).json());
    expect(marked).toMatchObject({ completed: true, completionReason: 'marked' });
    const undone = progressRecordSchema.parse(await (await other.mark({ completed: false })).json());
    expect(undone).toMatchObject({ completed: false, completionReason: null });
  });

  it('a night paused by hand is not completed: it stays where it was paused', async () => {
    const l = await learner();
    await withAudio(l.classId);
    await l.watch('session_start', 3);
    const paused = progressRecordSchema.parse(await (await l.watch('pause', 300)).json());
    expect(paused).toMatchObject({ completed: false, completionReason: null, maxPositionSec: 300 });
  });

  it('refuses asleep for a class without an audio track (409) and a reason without completed: true (400)', async () => {
    const l = await learner();
    const video = await l.mark({ completed: true, reason: 'asleep' });
    expect(video.status).toBe(409);
    expect(await video.json()).toEqual({ error: progressMessages.asleepNeedsAudio });
    const mixed = await l.mark({ completed: false, reason: 'asleep' });
    expect(mixed.status).toBe(400);
    const unknown = await l.mark({ completed: true, reason: 'tired' });
    expect(unknown.status).toBe(400);
    expect(await deps.db('user_progress').where({ userId: l.userId })).toHaveLength(0);
  });
});
