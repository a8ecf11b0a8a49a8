import { describe, expect, it } from 'vitest';
import {
  sleepCheckInMessages,
  sleepCheckInSchema,
  sleepCheckInsSchema,
} from '@sleep-ritual/contracts/sleep-check-ins';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { createCourse, createLearner, grant } from '@sleep-ritual/learning/testing-catalog';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';

const service = useService(createApp);
const deps = service.deps;

/** A learner of a course whose two classes are nights with audio. */
async function listener() {
  const course = await createCourse(deps.db);
  await deps
    .db('classes')
    .whereIn('id', [course.classId, course.secondClassId])
    .update({ audioUrl: '/media/demo/night-1.wav' });
  const userId = await createLearner(deps.db);
  await grant(deps.db, userId, course.programId);
  const client = await clientWithSession(service.url, deps, { userId });
  const listen = (classId: number, position_sec: number) =>
    client.request(`/api/progress/${classId}`, {
      method: 'PUT',
      json: { position_sec, duration_sec: 1000, event_type: 'pause' },
    });
  const answer = (classId: number, json: unknown) =>
    client.request(`/api/progress/${classId}/check-in`, { method: 'PUT', json });
  const checkIns = async () =>
    sleepCheckInsSchema.parse(await (await client.request('/api/progress/check-ins')).json());
  return { ...course, userId, client, listen, answer, checkIns };
}

describe('the morning check-in', () => {
  it('names the last night listened to, asks about it once, and keeps the answer with its quality', async () => {
    const l = await listener();
    expect(await l.checkIns()).toEqual({ pending: null, answers: [] });

    await l.listen(l.classId, 600);
    const { pending } = await l.checkIns();
    expect(pending).toMatchObject({ classId: l.classId, programId: l.programId });
    expect(Date.parse(pending!.listenedAt)).not.toBeNaN();

    const answered = await l.answer(l.classId, { answer: 'during' });
    expect(answered.status).toBe(200);
    expect(sleepCheckInSchema.parse(await answered.json())).toMatchObject({
      answer: 'during',
      quality: null,
    });
    // The quality follows; the answer itself stays the first one.
    const rated = sleepCheckInSchema.parse(
      await (await l.answer(l.classId, { answer: 'awake', quality: 4 })).json(),
    );
    expect(rated).toMatchObject({ answer: 'during', quality: 4 });

    const after = await l.checkIns();
    expect(after.pending).toBeNull();
    expect(after.answers).toEqual([
      expect.objectContaining({ classId: l.classId, answer: 'during', quality: 4 }),
    ]);
    // Listening to it again never asks again.
    await l.listen(l.classId, 700);
    expect((await l.checkIns()).pending).toBeNull();
    expect(await deps.db('sleep_check_ins').where({ user_id: l.userId })).toHaveLength(1);
  });

  it('asks about last night in the morning: closing listen mode then (its exit) is not listening, the night moving on and the sleep timer are', async () => {
    const l = await listener();
    await l.listen(l.classId, 600);
    // Last night, at 23:10.
    const lastNight = new Date(Date.now() - 8 * 60 * 60 * 1000);
    await deps.db('user_progress').where({ userId: l.userId }).update({ listenedAt: lastNight });
    const listenedAt = async () => Date.parse((await l.checkIns()).pending!.listenedAt);

    // This morning listen mode closes, where the track was paused by the timer.
    const exit = await l.client.request(`/api/progress/${l.classId}`, {
      method: 'POST',
      json: { position_sec: 600, duration_sec: 1000, event_type: 'exit' },
    });
    expect(exit.status).toBe(200);
    expect(await listenedAt()).toBe(lastNight.getTime());

    // Listening on moves it.
    await l.listen(l.classId, 660);
    expect(await listenedAt()).toBeGreaterThan(Date.now() - 60_000);

    // So does the sleep timer ending the night.
    await deps.db('user_progress').where({ userId: l.userId }).update({ listenedAt: lastNight });
    const asleep = await l.client.request(`/api/progress/${l.classId}/completion`, {
      method: 'PUT',
      json: { completed: true, reason: 'asleep' },
    });
    expect(asleep.status).toBe(200);
    expect(await listenedAt()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a night listened to offline and delivered next morning counts from when it was made, within the last day', async () => {
    const l = await listener();
    const lastNight = new Date(Date.now() - 8 * 60 * 60 * 1000);
    const heard = await l.client.request(`/api/progress/${l.classId}`, {
      method: 'PUT',
      json: {
        position_sec: 600,
        duration_sec: 1000,
        event_type: 'timeupdate',
        recorded_at: lastNight.toISOString(),
      },
    });
    expect(heard.status).toBe(200);
    expect(Date.parse((await l.checkIns()).pending!.listenedAt)).toBe(lastNight.getTime());

    // The sleep timer's end, made offline too.
    const asleep = await l.client.request(`/api/progress/${l.classId}/completion`, {
      method: 'PUT',
      json: {
        completed: true,
        reason: 'asleep',
        recorded_at: new Date(lastNight.getTime() + 60_000).toISOString(),
      },
    });
    expect(asleep.status).toBe(200);
    expect(Date.parse((await l.checkIns()).pending!.listenedAt)).toBe(lastNight.getTime() + 60_000);

    // A time in the future, or from days ago, is kept within now and the last day.
    const later = await l.client.request(`/api/progress/${l.secondClassId}`, {
      method: 'PUT',
      json: {
        position_sec: 60,
        duration_sec: 1000,
        event_type: 'timeupdate',
        recorded_at: '2999-01-01T00:00:00Z',
      },
    });
    expect(later.status).toBe(200);
    expect(Date.parse((await l.checkIns()).pending!.listenedAt)).toBeLessThanOrEqual(Date.now());
    // One from days ago counts as a day ago at most (a learner new to the class).
    const m = await listener();
    const daysAgo = await m.client.request(`/api/progress/${m.classId}`, {
      method: 'PUT',
      json: {
        position_sec: 120,
        duration_sec: 1000,
        event_type: 'timeupdate',
        recorded_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
      },
    });
    expect(daysAgo.status).toBe(200);
    const kept = Date.parse((await m.checkIns()).pending!.listenedAt);
    expect(kept).toBeGreaterThan(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    expect(kept).toBeLessThan(Date.now() - 24 * 60 * 60 * 1000 + 60_000);
    const bad = await l.client.request(`/api/progress/${l.classId}`, {
      method: 'PUT',
      json: { position_sec: 700, duration_sec: 1000, event_type: 'timeupdate', recorded_at: 'last night' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain('recorded_at must be an ISO date and time');
  });

  it('asks about the next night once it is listened to', async () => {
    const l = await listener();
    await l.listen(l.classId, 600);
    await l.answer(l.classId, { answer: 'after' });
    await l.listen(l.secondClassId, 300);
    expect((await l.checkIns()).pending).toMatchObject({ classId: l.secondClassId });
  });

  it('refuses a night never listened to (409), a bad answer or quality (400), and a class without audio is never asked', async () => {
    const l = await listener();
    const unheard = await l.answer(l.classId, { answer: 'during' });
    expect(unheard.status).toBe(409);
    expect(await unheard.json()).toEqual({ error: sleepCheckInMessages.notListened });

    await l.listen(l.classId, 600);
    for (const body of [
      {},
      { answer: 'snoring' },
      { answer: 'during', quality: 6 },
      { answer: 'during', quality: 2.5 },
    ]) {
      const response = await l.answer(l.classId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await deps.db('sleep_check_ins').where({ user_id: l.userId })).toHaveLength(0);

    await deps.db('classes').where({ id: l.classId }).update({ audioUrl: null });
    expect((await l.checkIns()).pending).toBeNull();
  });

  it('refuses a night deleted since it was listened to, or one under a deleted path, and stores nothing', async () => {
    const l = await listener();
    await l.listen(l.classId, 600);
    await l.listen(l.secondClassId, 600);
    await deps.db('classes').where({ id: l.classId }).update({ deletedAt: new Date() });
    const deletedClass = await l.answer(l.classId, { answer: 'during' });
    expect(deletedClass.status).toBe(409);
    expect(await deletedClass.json()).toEqual({ error: sleepCheckInMessages.notListened });

    await deps.db('paths').where({ id: l.pathId }).update({ deletedAt: new Date() });
    const deletedPath = await l.answer(l.secondClassId, { answer: 'during' });
    expect(deletedPath.status).toBe(409);
    expect(await deps.db('sleep_check_ins').where({ user_id: l.userId })).toHaveLength(0);
  });
});
