import { describe, expect, it } from 'vitest';
import {
  classDetailsSchema,
  navigationCheckSchema,
  pathClassListSchema,
  pathDetailsSchema,
  programHierarchySchema,
  programListSchema,
} from '@sleep-ritual/contracts/catalog';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';
import { findClasses } from '../src/data/learner-classes.ts';
import {
  createClass,
  createCourse,
  createLearner,
  createPath,
  createPhase,
  createProgram,
  grant,
  softDelete,
  unique,
} from '@sleep-ritual/learning/testing-catalog';

const service = useService(createApp);
const deps = service.deps;

async function owner(...programIds: number[]) {
  const userId = await createLearner(deps.db);
  for (const programId of programIds) await grant(deps.db, userId, programId);
  return Object.assign(await clientWithSession(service.url, deps, { userId }), { userId });
}

async function getJson(client: Awaited<ReturnType<typeof owner>>, path: string) {
  const response = await client.request(path);
  expect(response.status, path).toBe(200);
  return response.json();
}

describe('GET /api/programs and /api/my-programs', () => {
  it('lists every active programme with the card fields, ordered by orderIndex then id, with isOwned', async () => {
    const later = await createProgram(deps.db, { orderIndex: 5 });
    const card = {
      description: 'Six nights',
      cardImageUrl: 'https://img.example/card.jpg',
      format: 'Sleep Ritual',
      programCardFinePrint: 'One-time payment',
      redirectUrl: '/upgrade',
      programType: 'Add On',
    };
    const first = await createProgram(deps.db, {
      ...card,
      orderIndex: -5,
      title: unique('Sleep'),
      coverArtUrl: 'https://img.example/cover.jpg',
    });
    const tie = await createProgram(deps.db, { orderIndex: 5 });
    const client = await owner(later);

    const programs = programListSchema.parse(await getJson(client, '/api/programs'));
    const ours = programs.filter((p) => [later, first, tie].includes(p.id));
    expect(ours.map((p) => p.id)).toEqual([first, later, tie]);
    expect(Object.keys(ours[0]!).sort()).toEqual([
      'cardImageUrl',
      'description',
      'format',
      'id',
      'isOwned',
      'programCardFinePrint',
      'programType',
      'redirectUrl',
      'title',
    ]);
    expect(ours[0]).toMatchObject({ ...card, isOwned: false });
    expect(ours.map((p) => p.isOwned)).toEqual([false, true, false]);

    const mine = programListSchema.parse(await getJson(client, '/api/my-programs'));
    expect(mine.map((p) => [p.id, p.isOwned])).toEqual([[later, true]]);
  });
});

describe('GET /api/programs/{id}/hierarchy', () => {
  it('gives the programme with its phases and paths in order, each path with its class and completed counts', async () => {
    const programId = await createProgram(deps.db, { coverArtUrl: 'https://img.example/cover.jpg' });
    const phaseB = await createPhase(deps.db, programId, {
      orderIndex: 2,
      label: 'Phase B',
      description: 'Second',
    });
    const phaseA = await createPhase(deps.db, programId, {
      orderIndex: 1,
      label: 'Phase A',
      description: 'First',
    });
    const emptyPhase = await createPhase(deps.db, programId, { orderIndex: 3 });
    const path2 = await createPath(deps.db, phaseA, { orderIndex: 2 });
    const path1 = await createPath(deps.db, phaseA, {
      orderIndex: 1,
      label: 'Month 1',
      cardImageUrl: 'https://img.example/p.jpg',
    });
    const path3 = await createPath(deps.db, phaseB, { orderIndex: 1 });
    const done = await createClass(deps.db, path1);
    const started = await createClass(deps.db, path1);
    await createClass(deps.db, path1);
    await createClass(deps.db, path2);
    const client = await owner(programId);
    await deps.db('user_progress').insert([
      { userId: client.userId, classId: done, completed: true, maxPositionSec: 900, percentWatched: 100 },
      { userId: client.userId, classId: started, completed: false, maxPositionSec: 60, percentWatched: 7 },
    ]);
    // Another learner's completion does not count for this one.
    const other = await owner(programId);
    await deps.db('user_progress').insert({ userId: other.userId, classId: started, completed: true });

    const hierarchy = programHierarchySchema.parse(
      await getJson(client, `/api/programs/${programId}/hierarchy`),
    );
    expect(hierarchy).toMatchObject({
      id: programId,
      coverArtUrl: 'https://img.example/cover.jpg',
      description: 'About it',
    });
    expect(hierarchy.phases.map((p) => p.id)).toEqual([phaseA, phaseB, emptyPhase]);
    expect(hierarchy.phases[0]).toMatchObject({ label: 'Phase A', description: 'First', isUnlocked: true });
    expect(hierarchy.phases[2]!.paths).toEqual([]);
    expect(hierarchy.phases[0]!.paths).toEqual([
      {
        id: path1,
        label: 'Month 1',
        title: expect.stringContaining('Path'),
        description: null,
        cardImageUrl: 'https://img.example/p.jpg',
        isUnlocked: true,
        opensAt: null,
        classCount: 3,
        completedCount: 1,
      },
      expect.objectContaining({ id: path2, classCount: 1, completedCount: 0 }),
    ]);
    expect(hierarchy.phases[1]!.paths).toEqual([
      expect.objectContaining({ id: path3, classCount: 0, completedCount: 0 }),
    ]);
  });

  it('answers a programme without phases with an empty list', async () => {
    const programId = await createProgram(deps.db);
    const client = await owner(programId);
    expect((await getJson(client, `/api/programs/${programId}/hierarchy`)).phases).toEqual([]);
  });
});

describe('GET /api/programs/{id}/navigation-check', () => {
  async function check(build: (programId: number) => Promise<void>) {
    const programId = await createProgram(deps.db);
    await build(programId);
    const client = await owner(programId);
    return navigationCheckSchema.parse(await getJson(client, `/api/programs/${programId}/navigation-check`));
  }

  it('says to skip to the path when there is exactly one visible phase with exactly one visible path', async () => {
    let pathId = 0;
    const answer = await check(async (programId) => {
      const phaseId = await createPhase(deps.db, programId);
      pathId = await createPath(deps.db, phaseId);
      await softDelete(deps.db, 'paths', await createPath(deps.db, phaseId));
      await softDelete(deps.db, 'phases', await createPhase(deps.db, programId));
    });
    expect(answer).toEqual({ shouldSkipToPath: true, pathId });
  });

  it('does not skip with two paths, two phases, a phase without paths or no phase at all', async () => {
    const noSkip = { shouldSkipToPath: false, pathId: null };
    expect(
      await check(async (programId) => {
        const phaseId = await createPhase(deps.db, programId);
        await createPath(deps.db, phaseId);
        await createPath(deps.db, phaseId);
      }),
    ).toEqual(noSkip);
    expect(
      await check(async (programId) => {
        await createPath(deps.db, await createPhase(deps.db, programId));
        await createPath(deps.db, await createPhase(deps.db, programId));
      }),
    ).toEqual(noSkip);
    expect(
      await check(async (programId) => {
        await createPath(deps.db, await createPhase(deps.db, programId));
        await createPhase(deps.db, programId);
      }),
    ).toEqual(noSkip);
    expect(await check(async (programId) => void (await createPhase(deps.db, programId)))).toEqual(noSkip);
    expect(await check(async () => {})).toEqual(noSkip);
  });
});

describe('path calls', () => {
  async function pathWithClasses(count: number) {
    const programId = await createProgram(deps.db);
    const phaseId = await createPhase(deps.db, programId);
    const pathId = await createPath(deps.db, phaseId, {
      label: 'Nights 1–6',
      description: 'One a night',
      coverArtUrl: 'https://img.example/path.jpg',
    });
    const classIds: number[] = [];
    // Created in reverse order so that only orderIndex can put them right.
    for (let index = count - 1; index >= 0; index -= 1) {
      classIds.unshift(
        await createClass(deps.db, pathId, {
          orderIndex: index,
          label: `Night ${index + 1}`,
          description: `Class ${index + 1}`,
          durationMinutes: 10 + index,
        }),
      );
    }
    return { programId, phaseId, pathId, classIds };
  }

  it('GET /api/paths/{id}/classes lists every class in orderIndex order with the spec fields', async () => {
    const { programId, pathId, classIds } = await pathWithClasses(12);
    const client = await owner(programId);
    const classes = pathClassListSchema.parse(await getJson(client, `/api/paths/${pathId}/classes`));
    expect(classes.map((c) => c.id)).toEqual(classIds);
    expect(classes[0]).toEqual({
      id: classIds[0],
      label: 'Night 1',
      title: expect.stringContaining('Class'),
      description: 'Class 1',
      durationMinutes: 10,
      isUnlocked: true,
      opensAt: null,
      savableOffline: false,
      progress: null,
    });
  });

  it('says which classes have a track the app can save for offline: a file of our media, not an address elsewhere', async () => {
    const { programId, pathId, classIds } = await pathWithClasses(3);
    await deps.db('classes').where({ id: classIds[0] }).update({ audioUrl: '/media/demo/night-1.wav' });
    await deps
      .db('classes')
      .where({ id: classIds[1] })
      .update({ audioUrl: 'https://cdn.example/night-2.mp3' });
    const client = await owner(programId);
    const details = pathDetailsSchema.parse(await getJson(client, `/api/paths/${pathId}/details`));
    expect(details.classes.map((c) => c.savableOffline)).toEqual([true, false, false]);
  });

  it('GET /api/paths/{id}/details gives the path, its phase and programme, and its classes with the learner progress', async () => {
    const { programId, phaseId, pathId, classIds } = await pathWithClasses(3);
    const client = await owner(programId);
    await deps.db('user_progress').insert({
      userId: client.userId,
      classId: classIds[1],
      maxPositionSec: 450,
      durationSeconds: 600,
      percentWatched: 75,
    });
    const details = pathDetailsSchema.parse(await getJson(client, `/api/paths/${pathId}/details`));
    const phase = await deps.db('phases').where({ id: phaseId }).first('title');
    expect(details).toMatchObject({
      id: pathId,
      label: 'Nights 1–6',
      description: 'One a night',
      coverArtUrl: 'https://img.example/path.jpg',
      isUnlocked: true,
      programId,
      phase: { id: phaseId, title: phase.title },
    });
    expect(details.classes.map((c) => c.progress)).toEqual([
      null,
      { maxPositionSec: 450, durationSeconds: 600, percentWatched: 75, completed: false },
      null,
    ]);
  });
});

describe('GET /api/classes/{id}/details', () => {
  it('gives the class with the stored video URL, its numeric Vimeo id, its audio, its path, phase, programme and progress', async () => {
    const programId = await createProgram(deps.db);
    const phaseId = await createPhase(deps.db, programId, { title: unique('The Ritual') });
    const pathId = await createPath(deps.db, phaseId, { title: unique('Six Nights') });
    const classId = await createClass(deps.db, pathId, {
      label: 'Night 1',
      description: 'Letting the day go',
      vimeoVideoId: 'https://vimeo.com/123456/abcdef',
      audioUrl: '/media/demo/night-1.wav',
      coverArtUrl: 'https://images.example/night-1.jpg',
      additionalContentUrl: 'https://guide.example/night-1.pdf',
      additionalContentButtonLabel: '',
      durationMinutes: 16,
    });
    const client = await owner(programId);
    const [phase, path, lesson] = await Promise.all([
      deps.db('phases').where({ id: phaseId }).first('title'),
      deps.db('paths').where({ id: pathId }).first('title'),
      deps.db('classes').where({ id: classId }).first('title'),
    ]);

    const details = classDetailsSchema.parse(await getJson(client, `/api/classes/${classId}/details`));
    expect(details).toEqual({
      id: classId,
      label: 'Night 1',
      title: lesson.title,
      description: 'Letting the day go',
      coverArtUrl: 'https://images.example/night-1.jpg',
      vimeoVideoId: 'https://vimeo.com/123456/abcdef',
      vimeoId: 123456,
      audioUrl: '/media/demo/night-1.wav',
      // Set with an admin's upload or by the seed; a link typed in straight has none known.
      audioQuietSpans: [],
      transcriptUrl: null,
      artworkUrl: 'https://images.example/night-1.jpg',
      additionalContentUrl: 'https://guide.example/night-1.pdf',
      additionalContentButtonLabel: '',
      durationMinutes: 16,
      programId,
      pathId,
      phase: { id: phaseId, title: phase.title },
      path: { id: pathId, title: path.title },
      progress: null,
    });

    await deps.db('user_progress').insert({
      userId: client.userId,
      classId,
      maxPositionSec: 912,
      durationSeconds: 960,
      percentWatched: 95,
      completed: true,
    });
    const resumed = await getJson(client, `/api/classes/${classId}/details`);
    expect(resumed.progress).toEqual({
      maxPositionSec: 912,
      durationSeconds: 960,
      percentWatched: 95,
      completed: true,
    });
  });

  it("gives audioUrl null for a class with only a video, and the path's card image as artwork when the class has no cover", async () => {
    const course = await createCourse(deps.db);
    await deps.db('paths').where({ id: course.pathId }).update({ cardImageUrl: '/images/path-card.jpg' });
    const client = await owner(course.programId);
    const details = await getJson(client, `/api/classes/${course.classId}/details`);
    expect(details).toMatchObject({
      vimeoId: 76979871,
      audioUrl: null,
      artworkUrl: '/images/path-card.jpg',
    });
  });

  it('gives vimeoId null when no id can be extracted from the stored URL', async () => {
    const programId = await createProgram(deps.db);
    const pathId = await createPath(deps.db, await createPhase(deps.db, programId));
    const noVideo = await createClass(deps.db, pathId, { vimeoVideoId: null });
    const badVideo = await createClass(deps.db, pathId, { vimeoVideoId: 'https://vimeo.com/about' });
    const client = await owner(programId);
    for (const classId of [noVideo, badVideo]) {
      expect((await getJson(client, `/api/classes/${classId}/details`)).vimeoId).toBeNull();
    }
  });

  // Concurrent class pages are read from the database together; each learner must still get exactly
  // what a request of its own would give.
  it('answers many learners at once, each with its own class, its own progress or its own refusal', async () => {
    const course = await createCourse(deps.db);
    const other = await createCourse(deps.db);
    const lockedClassId = await createClass(deps.db, course.pathId, { orderIndex: 2, isUnlocked: false });
    const deletedClassId = await createClass(deps.db, course.pathId, { orderIndex: 3 });
    await softDelete(deps.db, 'classes', deletedClassId);
    const [watcher, newcomer, outsider] = await Promise.all([
      owner(course.programId),
      owner(course.programId),
      owner(other.programId),
    ]);
    await deps.db('user_progress').insert({
      userId: watcher.userId,
      classId: course.classId,
      maxPositionSec: 300,
      durationSeconds: 960,
      percentWatched: 31,
    });

    const calls = [
      {
        client: watcher,
        classId: course.classId,
        status: 200,
        progress: { maxPositionSec: 300, durationSeconds: 960, percentWatched: 31, completed: false },
      },
      { client: newcomer, classId: course.classId, status: 200, progress: null },
      { client: watcher, classId: course.secondClassId, status: 200, progress: null },
      { client: outsider, classId: course.classId, status: 403 },
      { client: outsider, classId: other.classId, status: 200, progress: null },
      { client: newcomer, classId: lockedClassId, status: 403 },
      { client: watcher, classId: deletedClassId, status: 404 },
      { client: newcomer, classId: 2_147_483_647, status: 404 },
    ];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        calls.map(({ client, classId }) => client.request(`/api/classes/${classId}/details`)),
      );
      for (const [index, answer] of answers.entries()) {
        const call = calls[index]!;
        expect(answer.status, `call ${index}`).toBe(call.status);
        const body = await answer.json();
        if (call.status === 200)
          expect(body, `call ${index}`).toMatchObject({ id: call.classId, progress: call.progress });
      }
    }
  });

  it('reads many lookups in one query exactly as it reads each alone, in the order asked', async () => {
    const course = await createCourse(deps.db);
    const deletedClassId = await createClass(deps.db, course.pathId, { orderIndex: 2 });
    await softDelete(deps.db, 'classes', deletedClassId);
    const [learner, stranger] = await Promise.all([owner(course.programId), owner()]);
    await deps.db('user_progress').insert({
      userId: learner.userId,
      classId: course.secondClassId,
      maxPositionSec: 60,
      durationSeconds: 600,
      percentWatched: 10,
    });
    const lookups = [
      { classId: course.secondClassId, userId: learner.userId },
      { classId: deletedClassId, userId: learner.userId },
      { classId: course.classId, userId: stranger.userId },
      { classId: course.secondClassId, userId: stranger.userId },
      { classId: course.classId, userId: learner.userId },
      { classId: course.secondClassId, userId: learner.userId },
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

describe("a learner's answers", () => {
  it('are kept by no shared cache and no browser: Cache-Control private, no-store, errors included', async () => {
    const { programId, pathId, classId } = await createCourse(deps.db);
    const learner = await owner(programId);
    for (const path of [
      '/api/programs',
      '/api/my-programs',
      `/api/programs/${programId}`,
      `/api/paths/${pathId}`,
      `/api/classes/${classId}`,
      '/api/classes/999999999',
    ]) {
      const response = await learner.request(path);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      expect(response.headers.get('cache-control'), path).toBe('private, no-store');
    }
  });
});
