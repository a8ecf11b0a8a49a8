import { describe, expect, it } from 'vitest';
import { ADMIN_PREVIEW_HEADER, ADMIN_PREVIEW_MESSAGES } from '@sleep-ritual/contracts/admin-preview';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createCourse, createLearner, grant } from '@sleep-ritual/learning/testing-catalog';
import { createApp } from '../src/app.ts';

const service = useService(createApp);
const deps = service.deps;
const preview = { [ADMIN_PREVIEW_HEADER]: '1' };
const event = { position_sec: 300, duration_sec: 600, event_type: 'timeupdate' };

describe('an admin’s "View as learner" tab', () => {
  it('records nothing it sends, even for an admin who is also the owning learner', async () => {
    const course = await createCourse(deps.db);
    const userId = await createLearner(deps.db);
    await grant(deps.db, userId, course.programId);
    const both = await clientWithSession(service.url, deps, { userId, isAdmin: true });

    for (const [method, path, json] of [
      ['PUT', `/api/progress/${course.classId}`, event],
      ['POST', `/api/progress/${course.classId}`, event],
      ['PUT', `/api/progress/${course.classId}/completion`, { completed: true }],
    ] as const) {
      const response = await both.request(path, { method, json, headers: preview });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual({ error: ADMIN_PREVIEW_MESSAGES.notRecorded });
    }
    const read = await both.request(`/api/progress/${course.classId}`, { headers: preview });
    expect(read.status).toBe(404);
    expect(await deps.db('user_progress').where({ userId })).toEqual([]);

    // Without the header the same session is the learner, and the event is theirs.
    const own = await both.request(`/api/progress/${course.classId}`, { method: 'PUT', json: event });
    expect(own.status).toBe(200);
    expect(await deps.db('user_progress').where({ userId })).toHaveLength(1);
  });

  it('needs the admin session: a learner sending the header is refused with 401 and nothing is stored', async () => {
    const course = await createCourse(deps.db);
    const userId = await createLearner(deps.db);
    await grant(deps.db, userId, course.programId);
    const learner = await clientWithSession(service.url, deps, { userId });
    const response = await learner.request(`/api/progress/${course.classId}`, {
      method: 'PUT',
      json: event,
      headers: preview,
    });
    expect(response.status).toBe(401);
    expect(await deps.db('user_progress').where({ userId })).toEqual([]);
  });
});
