import { describe, expect, it } from 'vitest';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';
import {
  createClass,
  createCourse,
  createLearner,
  createPath,
  grant,
  softDelete,
} from '@sleep-ritual/learning/testing-catalog';

const service = useService(createApp);
const deps = service.deps;

async function ownedCourse() {
  const course = await createCourse(deps.db);
  const userId = await createLearner(deps.db);
  await grant(deps.db, userId, course.programId);
  const client = await clientWithSession(service.url, deps, { userId });
  const status = async (path: string) => (await client.request(path)).status;
  const json = async (path: string) => (await client.request(path)).json();
  return { ...course, status, json };
}

describe('soft-deleted and inactive content is invisible to learners', () => {
  it('a deleted programme leaves both lists, and it and everything in it answer 404', async () => {
    const course = await ownedCourse();
    await softDelete(deps.db, 'programs', course.programId);
    for (const list of ['/api/programs', '/api/my-programs']) {
      expect((await course.json(list)).map((p: { id: number }) => p.id)).not.toContain(course.programId);
    }
    expect(await course.status(`/api/programs/${course.programId}/hierarchy`)).toBe(404);
    expect(await course.status(`/api/programs/${course.programId}/navigation-check`)).toBe(404);
    expect(await course.status(`/api/paths/${course.pathId}/details`)).toBe(404);
    expect(await course.status(`/api/paths/${course.pathId}/classes`)).toBe(404);
    expect(await course.status(`/api/classes/${course.classId}/details`)).toBe(404);
  });

  it('an inactive programme is not listed and its content answers 404, even to its owner', async () => {
    const course = await ownedCourse();
    await deps.db('programs').where({ id: course.programId }).update({ isActive: false });
    expect((await course.json('/api/programs')).map((p: { id: number }) => p.id)).not.toContain(
      course.programId,
    );
    expect(await course.json('/api/my-programs')).toEqual([]);
    expect(await course.status(`/api/programs/${course.programId}/hierarchy`)).toBe(404);
    expect(await course.status(`/api/classes/${course.classId}/details`)).toBe(404);
  });

  it('a deleted phase leaves the hierarchy, and its paths and classes answer 404', async () => {
    const course = await ownedCourse();
    await softDelete(deps.db, 'phases', course.phaseId);
    expect((await course.json(`/api/programs/${course.programId}/hierarchy`)).phases).toEqual([]);
    expect(await course.status(`/api/paths/${course.pathId}/details`)).toBe(404);
    expect(await course.status(`/api/paths/${course.pathId}/classes`)).toBe(404);
    expect(await course.status(`/api/classes/${course.classId}/details`)).toBe(404);
  });

  it('a deleted path leaves its phase, and it and its classes answer 404', async () => {
    const course = await ownedCourse();
    const sibling = await createPath(deps.db, course.phaseId, { orderIndex: 9 });
    await softDelete(deps.db, 'paths', course.pathId);
    const hierarchy = await course.json(`/api/programs/${course.programId}/hierarchy`);
    expect(hierarchy.phases[0].paths.map((p: { id: number }) => p.id)).toEqual([sibling]);
    expect(await course.status(`/api/paths/${course.pathId}/details`)).toBe(404);
    expect(await course.status(`/api/paths/${course.pathId}/classes`)).toBe(404);
    expect(await course.status(`/api/classes/${course.classId}/details`)).toBe(404);
  });

  it('a deleted class leaves its path lists and counts and answers 404', async () => {
    const course = await ownedCourse();
    const third = await createClass(deps.db, course.pathId, { orderIndex: 2 });
    await softDelete(deps.db, 'classes', course.classId);
    const expected = [course.secondClassId, third];
    expect(
      (await course.json(`/api/paths/${course.pathId}/classes`)).map((c: { id: number }) => c.id),
    ).toEqual(expected);
    expect(
      (await course.json(`/api/paths/${course.pathId}/details`)).classes.map((c: { id: number }) => c.id),
    ).toEqual(expected);
    const hierarchy = await course.json(`/api/programs/${course.programId}/hierarchy`);
    expect(hierarchy.phases[0].paths[0].classCount).toBe(2);
    expect(await course.status(`/api/classes/${course.classId}/details`)).toBe(404);
  });
});
