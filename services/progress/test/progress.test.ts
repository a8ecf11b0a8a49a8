import { describe, expect, it } from 'vitest';
import { learnerAccessMessages } from '@sleep-ritual/contracts/catalog';
import { progressRecordSchema, type ProgressEvent } from '@sleep-ritual/contracts/progress';
import {
  clientWithSession,
  createClient,
  eventually,
  statementsDuring,
} from '@sleep-ritual/platform/testing';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';
import { createProgressWriter } from '../src/data/progress-queries.ts';
import { eventValues } from '../src/domain/record-progress.ts';
import {
  createClass,
  createCourse,
  createLearner,
  createPath,
  createPhase,
  grant,
  softDelete,
} from '@sleep-ritual/learning/testing-catalog';

const service = useService(createApp);
const deps = service.deps;

type EventType = 'play' | 'timeupdate' | 'pause' | 'ended' | 'exit' | 'session_start';

/** Whether now(), in a statement of its own, is later than the given time. */
async function databaseClockPassed(time: Date): Promise<boolean> {
  const { rows } = await deps.db.raw<{ rows: { passed: boolean }[] }>('select now() > ? as passed', [time]);
  return rows[0]!.passed;
}

/** Whether a progress write of this test database is blocked, waiting for a lock another transaction holds. */
async function progressWriteWaitsOnLock(): Promise<boolean> {
  const { rows } = await deps.db.raw<{ rows: unknown[] }>(
    `select 1 from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like 'insert into user_progress%'`,
  );
  return rows.length > 0;
}

/** A learner who owns a fresh course, with helpers to send events for its first class. */
async function watcher() {
  const course = await createCourse(deps.db);
  const userId = await createLearner(deps.db);
  await grant(deps.db, userId, course.programId);
  const client = await clientWithSession(service.url, deps, { userId });
  const send = (event_type: EventType, position_sec: number, duration_sec = 1000, classId = course.classId) =>
    client.request(`/api/progress/${classId}`, {
      method: 'PUT',
      json: { position_sec, duration_sec, event_type },
    });
  const row = () => deps.db('user_progress').where({ userId, classId: course.classId }).first();
  return { ...course, userId, client, send, row };
}

describe('PUT /api/progress/{classId}', () => {
  it('records the event in one row per learner and class and answers 200 with the record', async () => {
    const w = await watcher();
    const response = await w.send('play', 0, 960);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const record = progressRecordSchema.parse(await response.json());
    expect(record).toMatchObject({
      classId: w.classId,
      maxPositionSec: 0,
      durationSeconds: 960,
      percentWatched: 0,
      totalPlays: 0,
      completed: false,
      completedAt: null,
    });
    await w.send('session_start', 3.4, 960);
    await w.send('timeupdate', 33.9, 960);
    const rows = await deps.db('user_progress').where({ userId: w.userId, classId: w.classId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      maxPositionSec: 33,
      durationSeconds: 960,
      percentWatched: 3,
      sessionId: w.classId,
    });
  });

  it('keeps the furthest position: seeking back never lowers maxPositionSec or percentWatched', async () => {
    const w = await watcher();
    await w.send('timeupdate', 500);
    const back = await w.send('pause', 120);
    expect(await back.json()).toMatchObject({ maxPositionSec: 500, percentWatched: 50 });
    await w.send('timeupdate', 510.7);
    expect(await w.row()).toMatchObject({ maxPositionSec: 510, percentWatched: 51, completed: false });
  });

  it('computes percentWatched as the whole percentage of the furthest position over the duration, at most 100', async () => {
    const w = await watcher();
    await w.send('timeupdate', 333, 999);
    expect(await w.row()).toMatchObject({ percentWatched: 33 });
    await w.send('timeupdate', 5000, 999);
    expect(await w.row()).toMatchObject({ maxPositionSec: 999, percentWatched: 100 });
  });

  it('counts totalPlays once per session_start, and the first session only once', async () => {
    const w = await watcher();
    await w.send('play', 0);
    expect(await w.row()).toMatchObject({ totalPlays: 0 });
    await w.send('session_start', 3);
    await w.send('timeupdate', 30);
    await w.send('pause', 40);
    await w.send('play', 40);
    expect(await w.row()).toMatchObject({ totalPlays: 1 });
    await w.send('session_start', 43);
    expect(await w.row()).toMatchObject({ totalPlays: 2 });

    const fresh = await watcher();
    await fresh.send('session_start', 3);
    expect(await fresh.row()).toMatchObject({ totalPlays: 1 });
  });

  it('counts a session_start sent again with its play id once, in whatever order it comes back', async () => {
    const w = await watcher();
    const sessionStart = (play_id: string, position_sec = 3) =>
      w.client.request(`/api/progress/${w.classId}`, {
        method: 'PUT',
        json: { position_sec, duration_sec: 1000, event_type: 'session_start', play_id },
      });
    // Its answer lost on the way, the phone sends the same call again, later.
    expect((await sessionStart('first-play-0001')).status).toBe(200);
    expect((await sessionStart('first-play-0001')).status).toBe(200);
    expect(await w.row()).toMatchObject({ totalPlays: 1, recentPlayIds: ['first-play-0001'] });
    // The next play starts before the first one's call, kept for later, is sent again.
    expect((await sessionStart('second-play-002', 6)).status).toBe(200);
    expect((await sessionStart('first-play-0001', 5)).status).toBe(200);
    expect(await w.row()).toMatchObject({
      totalPlays: 2,
      recentPlayIds: ['first-play-0001', 'second-play-002'],
    });
    // A session_start without an id (an older app) still counts each time.
    await w.send('session_start', 7);
    await w.send('session_start', 8);
    expect(await w.row()).toMatchObject({ totalPlays: 4 });
  });

  it('in one batch, counts each new play id once and none the row counted before', async () => {
    const w = await watcher();
    const writeEvent = createProgressWriter(deps.db);
    const sessionStart = (play_id: string): ProgressEvent => ({
      position_sec: 3,
      duration_sec: 1000,
      event_type: 'session_start',
      play_id,
    });
    await writeEvent(eventValues(w.userId, w.classId, sessionStart('counted-0001')));
    // Written in the same turn, they go as one statement (createBatcher): a new play, then the old one
    // sent again, then the new one sent again.
    const { result: records, statements } = await statementsDuring(deps.db, () =>
      Promise.all(
        ['new-play-0002', 'counted-0001', 'new-play-0002'].map((id) =>
          writeEvent(eventValues(w.userId, w.classId, sessionStart(id))),
        ),
      ),
    );
    expect(statements.filter((sql) => sql.startsWith('insert into user_progress'))).toHaveLength(1);
    expect(records.map((record) => record?.totalPlays)).toEqual([2, 2, 2]);
    expect((await w.row()).recentPlayIds).toEqual(['counted-0001', 'new-play-0002']);
  });

  it('keeps the last 8 play ids of a row', async () => {
    const w = await watcher();
    const ids = Array.from({ length: 10 }, (_, index) => `play-id-${String(index).padStart(4, '0')}`);
    for (const play_id of ids) {
      await w.client.request(`/api/progress/${w.classId}`, {
        method: 'PUT',
        json: { position_sec: 3, duration_sec: 1000, event_type: 'session_start', play_id },
      });
    }
    expect(await w.row()).toMatchObject({ totalPlays: 10, recentPlayIds: ids.slice(2) });
    // Sent again, one of the last 8 counts no play.
    await w.client.request(`/api/progress/${w.classId}`, {
      method: 'PUT',
      json: { position_sec: 3, duration_sec: 1000, event_type: 'session_start', play_id: ids[2] },
    });
    expect(await w.row()).toMatchObject({ totalPlays: 10 });
  });

  it('ignores a play id that is not 8 to 64 letters, digits, - or _: the event counts as one without an id', async () => {
    const w = await watcher();
    for (const play_id of ['short', 'x'.repeat(65), 'with space!', 42]) {
      const response = await w.client.request(`/api/progress/${w.classId}`, {
        method: 'PUT',
        json: { position_sec: 3, duration_sec: 1000, event_type: 'session_start', play_id },
      });
      expect(response.status, String(play_id)).toBe(200);
    }
    expect(await w.row()).toMatchObject({ totalPlays: 4, recentPlayIds: null });
  });

  it('completes the class at 90% watched, once: completedAt never changes afterwards', async () => {
    const w = await watcher();
    await w.send('timeupdate', 899);
    expect(await w.row()).toMatchObject({ completed: false, completedAt: null });
    const response = await w.send('timeupdate', 900);
    const record = await response.json();
    expect(record).toMatchObject({ completed: true, percentWatched: 90 });
    expect(record.completedAt).toEqual(expect.any(String));
    const completedAt = (await w.row()).completedAt;
    // Only once the database clock has moved on could a second completion show a different time.
    await eventually(() => databaseClockPassed(completedAt), { what: 'the database clock to move on' });
    await w.send('ended', 1000);
    await w.send('pause', 10);
    expect(await w.row()).toMatchObject({ completed: true, completedAt, maxPositionSec: 1000 });
  });

  it('completes the class when it ends, however little was watched before', async () => {
    const w = await watcher();
    await w.send('play', 5);
    const response = await w.send('ended', 200, 1000);
    expect(await response.json()).toMatchObject({ completed: true, percentWatched: 20 });
    expect((await w.row()).completedAt).toBeInstanceOf(Date);
  });

  it('completes a class whose first recorded event is already past 90%', async () => {
    const w = await watcher();
    expect(await (await w.send('exit', 950)).json()).toMatchObject({ completed: true, percentWatched: 95 });
  });

  it('rejects a body that breaks the spec rule with 400 and the rule, writing nothing', async () => {
    const w = await watcher();
    const cases: [unknown, string][] = [
      [{ position_sec: -1, duration_sec: 100, event_type: 'play' }, 'position_sec must be a number >= 0'],
      [{ position_sec: '5', duration_sec: 100, event_type: 'play' }, 'position_sec must be a number >= 0'],
      [{ duration_sec: 100, event_type: 'play' }, 'position_sec must be a number >= 0'],
      [{ position_sec: 5, duration_sec: 0.5, event_type: 'play' }, 'duration_sec must be a number >= 1'],
      [{ position_sec: 5, duration_sec: null, event_type: 'play' }, 'duration_sec must be a number >= 1'],
      [
        { position_sec: 5, duration_sec: 100, event_type: 'seek' },
        'event_type must be one of play, timeupdate, pause, ended, exit, session_start',
      ],
      [
        { position_sec: 5, duration_sec: 100 },
        'event_type must be one of play, timeupdate, pause, ended, exit, session_start',
      ],
    ];
    for (const [body, error] of cases) {
      const response = await w.client.request(`/api/progress/${w.classId}`, { method: 'PUT', json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json(), JSON.stringify(body)).toMatchObject({ error });
    }
    expect(await w.row()).toBeUndefined();
  });

  it('answers 400 for a class id that is not a positive whole number and 404 for an unknown class', async () => {
    const w = await watcher();
    const body = { position_sec: 1, duration_sec: 10, event_type: 'play' };
    const bad = await w.client.request('/api/progress/abc', { method: 'PUT', json: body });
    expect(bad.status).toBe(400);
    const unknown = await w.client.request('/api/progress/2147483000', { method: 'PUT', json: body });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'The requested class could not be found.' });
  });
});

describe('POST /api/progress/{classId} (navigator.sendBeacon)', () => {
  it('records an exit event sent as a text/plain JSON string, as a beacon sends it', async () => {
    const w = await watcher();
    await w.send('timeupdate', 300);
    const response = await w.client.request(`/api/progress/${w.classId}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:8080' },
      body: JSON.stringify({ position_sec: 412.6, duration_sec: 1000, event_type: 'exit' }),
    });
    expect(response.status).toBe(200);
    expect(await w.row()).toMatchObject({ maxPositionSec: 412, percentWatched: 41 });
  });

  it('takes a JSON body by POST too', async () => {
    const w = await watcher();
    const response = await w.client.request(`/api/progress/${w.classId}`, {
      method: 'POST',
      json: { position_sec: 20, duration_sec: 100, event_type: 'exit' },
    });
    expect(response.status).toBe(200);
    expect(await w.row()).toMatchObject({ maxPositionSec: 20, percentWatched: 20 });
  });

  it('answers 400 to a beacon whose text is not JSON, or breaks the rule, and writes nothing', async () => {
    const w = await watcher();
    for (const [body, error] of [
      ['{"position_sec": 4,', 'The request body is not valid JSON.'],
      [
        '"just a string"',
        'Send position_sec (a number >= 0), duration_sec (a number >= 1) and event_type (one of play, timeupdate, pause, ended, exit, session_start).',
      ],
      [
        JSON.stringify({ position_sec: 1, duration_sec: 0, event_type: 'exit' }),
        'duration_sec must be a number >= 1',
      ],
    ]) {
      const response = await w.client.request(`/api/progress/${w.classId}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toMatchObject({ error });
    }
    expect(await w.row()).toBeUndefined();
  });
});

describe('who may record progress', () => {
  const body = { position_sec: 10, duration_sec: 100, event_type: 'timeupdate' };

  it('when nobody is signed in, it answers 401 to PUT, POST and GET', async () => {
    const { classId } = await createCourse(deps.db);
    const client = createClient(service.url);
    for (const method of ['PUT', 'POST', 'GET']) {
      const response = await client.request(
        `/api/progress/${classId}`,
        method === 'GET' ? {} : { method, json: body },
      );
      expect(response.status, method).toBe(401);
      expect(await response.json()).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('a learner who does not own the programme, or whose purchase was refunded, gets 403 and nothing is written', async () => {
    for (const status of [undefined, 'refunded', 'pending']) {
      const course = await createCourse(deps.db);
      const userId = await createLearner(deps.db);
      if (status) await grant(deps.db, userId, course.programId, status);
      const client = await clientWithSession(service.url, deps, { userId });
      const response = await client.request(`/api/progress/${course.classId}`, { method: 'PUT', json: body });
      expect(response.status, String(status)).toBe(403);
      expect(await response.json()).toEqual({ error: "You don't have access to this program." });
      expect(await deps.db('user_progress').where({ userId })).toEqual([]);
    }
  });

  it('a locked class, or a class in a locked path or phase, answers 403 and nothing is written', async () => {
    const w = await watcher();
    const lockedClass = await createClass(deps.db, w.pathId, { isUnlocked: false });
    const lockedPath = await createPath(deps.db, w.phaseId, { isUnlocked: false });
    const inLockedPath = await createClass(deps.db, lockedPath);
    const lockedPhase = await createPhase(deps.db, w.programId, { isUnlocked: false });
    const inLockedPhase = await createClass(deps.db, await createPath(deps.db, lockedPhase));
    for (const classId of [lockedClass, inLockedPath, inLockedPhase]) {
      const response = await w.client.request(`/api/progress/${classId}`, { method: 'PUT', json: body });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'This class is not unlocked yet.' });
    }
    expect(await deps.db('user_progress').where({ userId: w.userId })).toEqual([]);
  });

  it('a class that opens days after the purchase refuses events and completions until its day has come', async () => {
    const w = await watcher();
    const dripClass = await createClass(deps.db, w.pathId, { isUnlocked: true, opensAfterDays: 2 });
    const dripPath = await createPath(deps.db, w.phaseId, { isUnlocked: true, opensAfterDays: 3 });
    const inDripPath = await createClass(deps.db, dripPath, { isUnlocked: true });
    for (const classId of [dripClass, inDripPath]) {
      const response = await w.client.request(`/api/progress/${classId}`, { method: 'PUT', json: body });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: learnerAccessMessages.notYetOpen });
      const completion = await w.client.request(`/api/progress/${classId}/completion`, {
        method: 'PUT',
        json: { completed: true },
      });
      expect(completion.status).toBe(403);
    }
    expect(await deps.db('user_progress').where({ userId: w.userId })).toEqual([]);

    // Two days and a minute after the purchase: the class is open, the path (three days) is not yet.
    await deps
      .db('purchases')
      .where({ userId: w.userId })
      .update({ purchasedAt: deps.db.raw(`now() - interval '2 days 1 minute'`) });
    const open = await w.client.request(`/api/progress/${dripClass}`, { method: 'PUT', json: body });
    expect(open.status).toBe(200);
    const still = await w.client.request(`/api/progress/${inDripPath}`, { method: 'PUT', json: body });
    expect(still.status).toBe(403);
  });

  it('a soft-deleted class, or one under a deleted path, phase or programme, answers 404', async () => {
    for (const table of ['classes', 'paths', 'phases', 'programs'] as const) {
      const w = await watcher();
      const id = { classes: w.classId, paths: w.pathId, phases: w.phaseId, programs: w.programId }[table];
      await softDelete(deps.db, table, id);
      const response = await w.send('timeupdate', 10);
      expect(response.status, table).toBe(404);
    }
  });
});

describe('GET /api/progress/{classId}', () => {
  it("gives the learner's own record, and 404 before anything was recorded", async () => {
    const w = await watcher();
    const before = await w.client.request(`/api/progress/${w.classId}`);
    expect(before.status).toBe(404);
    expect(await before.json()).toEqual({ error: 'No progress has been recorded for this class yet.' });

    await w.send('session_start', 3, 600);
    await w.send('timeupdate', 300, 600);
    const record = progressRecordSchema.parse(
      await (await w.client.request(`/api/progress/${w.classId}`)).json(),
    );
    expect(record).toMatchObject({
      classId: w.classId,
      maxPositionSec: 300,
      durationSeconds: 600,
      percentWatched: 50,
      totalPlays: 1,
      completed: false,
    });

    // Another learner of the same class has no record of their own.
    const other = await createLearner(deps.db);
    await grant(deps.db, other, w.programId);
    const otherClient = await clientWithSession(service.url, deps, { userId: other });
    expect((await otherClient.request(`/api/progress/${w.classId}`)).status).toBe(404);
  });
});

describe('concurrent events', () => {
  it('keep one row and the furthest position when they race', async () => {
    const w = await watcher();
    await Promise.all([100, 700, 300, 650, 20].map((position) => w.send('timeupdate', position)));
    const rows = await deps.db('user_progress').where({ userId: w.userId, classId: w.classId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ maxPositionSec: 700, percentWatched: 70 });
  });
  // The events of concurrent requests are written together; each must have exactly the effect and the
  // answer it would have alone.
  it('from many learners at once, each event gets its own record or its own refusal, and only allowed ones are written', async () => {
    const w = await watcher();
    const lockedClassId = await createClass(deps.db, w.pathId, { orderIndex: 2, isUnlocked: false });
    const deletedClassId = await createClass(deps.db, w.pathId, { orderIndex: 3 });
    await softDelete(deps.db, 'classes', deletedClassId);
    const secondId = await createLearner(deps.db);
    await grant(deps.db, secondId, w.programId);
    const outsiderId = await createLearner(deps.db);
    const second = await clientWithSession(service.url, deps, { userId: secondId });
    const outsider = await clientWithSession(service.url, deps, { userId: outsiderId });
    const put = (client: typeof second, classId: number, event_type: EventType, position_sec: number) =>
      client.request(`/api/progress/${classId}`, {
        method: 'PUT',
        json: { position_sec, duration_sec: 1000, event_type },
      });

    const answers = await Promise.all([
      w.send('timeupdate', 100),
      put(second, w.classId, 'timeupdate', 950),
      w.send('ended', 10, 1000, w.secondClassId),
      put(outsider, w.classId, 'timeupdate', 100),
      put(second, lockedClassId, 'timeupdate', 100),
      w.send('timeupdate', 100, 1000, deletedClassId),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 403, 403, 404]);
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(bodies[0]).toMatchObject({
      classId: w.classId,
      maxPositionSec: 100,
      percentWatched: 10,
      completed: false,
    });
    expect(bodies[1]).toMatchObject({
      classId: w.classId,
      maxPositionSec: 950,
      percentWatched: 95,
      completed: true,
    });
    expect(bodies[2]).toMatchObject({ classId: w.secondClassId, maxPositionSec: 10, completed: true });
    expect(bodies.slice(3)).toEqual([
      { error: learnerAccessMessages.notOwned },
      { error: learnerAccessMessages.locked },
      { error: learnerAccessMessages.notFound('class') },
    ]);
    const rows = await deps
      .db('user_progress')
      .whereIn('userId', [w.userId, secondId, outsiderId])
      .orderBy('id');
    expect(rows.map((row) => [row.userId, row.classId])).toEqual(
      expect.arrayContaining([
        [w.userId, w.classId],
        [secondId, w.classId],
        [w.userId, w.secondClassId],
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('of one learner and class sent at once all count, as if sent one after another', async () => {
    const w = await watcher();
    const answers = await Promise.all([
      ...[120, 40, 610, 300, 580, 90, 615, 200].map((position) => w.send('timeupdate', position)),
      ...[0, 0, 0].map((position) => w.send('session_start', position)),
    ]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await w.row()).toMatchObject({
      maxPositionSec: 615,
      percentWatched: 61,
      totalPlays: 3,
      completed: false,
    });
  });

  it('from many learners, several each, all land: every row holds its own furthest position and plays', async () => {
    const w = await watcher();
    const learners = await Promise.all(
      Array.from({ length: 24 }, async (_, index) => {
        const userId = await createLearner(deps.db);
        await grant(deps.db, userId, w.programId);
        const client = await clientWithSession(service.url, deps, { userId });
        // Each learner's own furthest position, so a row written with another's event shows.
        return { userId, client, furthest: 100 + index * 10 };
      }),
    );
    const put = (client: (typeof learners)[number]['client'], event_type: EventType, position_sec: number) =>
      client.request(`/api/progress/${w.classId}`, {
        method: 'PUT',
        json: { position_sec, duration_sec: 1000, event_type },
      });

    const answers = await Promise.all(
      learners.flatMap(({ client, furthest }) => [
        put(client, 'session_start', 0).then((answer) => ({ answer, position: 0 })),
        put(client, 'timeupdate', furthest - 50).then((answer) => ({ answer, position: furthest - 50 })),
        put(client, 'timeupdate', furthest).then((answer) => ({ answer, position: furthest })),
        put(client, 'session_start', 0).then((answer) => ({ answer, position: 0 })),
        put(client, 'pause', furthest - 20).then((answer) => ({ answer, position: furthest - 20 })),
      ]),
    );
    for (const { answer, position } of answers) {
      expect(answer.status).toBe(200);
      const record = progressRecordSchema.parse(await answer.json());
      expect(record.classId).toBe(w.classId);
      expect(record.maxPositionSec).toBeGreaterThanOrEqual(position);
    }
    const rows = await deps
      .db('user_progress')
      .whereIn(
        'userId',
        learners.map(({ userId }) => userId),
      )
      .select('userId', 'classId', 'maxPositionSec', 'percentWatched', 'totalPlays', 'completed');
    expect(rows).toHaveLength(learners.length);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    for (const { userId, furthest } of learners) {
      expect(byUser.get(userId)).toEqual({
        userId,
        classId: w.classId,
        maxPositionSec: furthest,
        percentWatched: Math.floor(furthest / 10),
        totalPlays: 2,
        completed: false,
      });
    }
  });

  it("when one learner's row fails within a batch (the learner deleted meanwhile), the others are still written", async () => {
    const w = await watcher();
    const leavingId = await createLearner(deps.db);
    await grant(deps.db, leavingId, w.programId);
    const event = { position_sec: 20, duration_sec: 100, event_type: 'timeupdate' } as const;
    const removal = await deps.db.transaction();
    try {
      await removal('users').where({ id: leavingId }).delete();
      // Both events go in one batch, whose statement waits on the uncommitted removal, which then commits.
      const writeEvent = createProgressWriter(deps.db);
      const written = Promise.all([
        writeEvent(eventValues(leavingId, w.classId, event)),
        writeEvent(eventValues(w.userId, w.classId, event)),
      ]);
      await eventually(progressWriteWaitsOnLock, { what: 'the batch to wait on the removal' });
      await removal.commit();
      const [left, stayed] = await written;
      expect(left).toBeUndefined();
      expect(stayed).toMatchObject({ classId: w.classId, maxPositionSec: 20, percentWatched: 20 });
    } finally {
      if (!removal.isCompleted()) await removal.rollback();
    }
    expect(await w.row()).toMatchObject({ maxPositionSec: 20 });
  });
});
