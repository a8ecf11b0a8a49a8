import { describe, expect, it } from 'vitest';
import { medianOfBuckets } from '../../src/back-office/domain/admin-engagement.ts';
import { createClass, createCourse, createProgram } from '@sleep-ritual/learning/testing-catalog';
import { backOfficeTestbed, call, createMember, markDeleted, purchase } from './admin-members-fixtures.ts';

const bed = backOfficeTestbed('engagement');
const db = () => bed.deps.db;

async function watched(userId: number, classId: number, percentWatched: number) {
  await db()('user_progress').insert({ userId, classId, percentWatched, completed: percentWatched >= 90 });
}

describe('GET /api/admin/engagement', () => {
  it('counts, per class in order, the owners who started and completed it and their median percent watched', async () => {
    const course = await createCourse(db());
    const deletedClass = await createClass(db(), course.pathId, { orderIndex: 2, deletedAt: new Date() });
    const [finisher, halfway, idle, refunded] = await Promise.all([1, 2, 3, 4].map(() => createMember(db())));
    for (const owner of [finisher!, halfway!, idle!]) await purchase(db(), owner.id, course.programId);
    await purchase(db(), refunded!.id, course.programId, { status: 'refunded' });
    await watched(finisher!.id, course.classId, 100);
    await watched(finisher!.id, course.secondClassId, 40);
    await watched(halfway!.id, course.classId, 50);
    await watched(finisher!.id, deletedClass, 100);
    // Progress of someone who no longer owns the programme is left out.
    await watched(refunded!.id, course.classId, 10);
    // Their morning check-ins about the first night.
    await db()('sleep_check_ins').insert([
      { user_id: finisher!.id, class_id: course.classId, answer: 'during', quality: 4 },
      { user_id: halfway!.id, class_id: course.classId, answer: 'awake', quality: 1 },
    ]);

    const { status, body } = await call(
      bed.admin,
      'GET',
      `/api/admin/engagement?programId=${course.programId}`,
    );
    expect(status).toBe(200);
    expect(body.programs).toContainEqual({ id: course.programId, title: expect.stringMatching(/^Program /) });
    expect(body.program).toEqual({
      programId: course.programId,
      title: expect.stringMatching(/^Program /),
      owners: 3,
      classes: [
        {
          classId: course.classId,
          title: expect.stringMatching(/^Class /),
          label: null,
          phaseTitle: expect.stringMatching(/^Phase /),
          pathTitle: expect.stringMatching(/^Path /),
          started: 2,
          completed: 1,
          medianPercentWatched: 75,
          sleep: { answered: 2, asleepDuringPercent: 50, averageQuality: 2.5 },
        },
        expect.objectContaining({
          classId: course.secondClassId,
          started: 1,
          completed: 0,
          medianPercentWatched: 40,
          sleep: { answered: 0, asleepDuringPercent: null, averageQuality: null },
        }),
      ],
    });
  });

  it('counts a member who bought again after a refund, and leaves out one whose access was revoked', async () => {
    const course = await createCourse(db());
    const [rebuyer, revoked] = await Promise.all([1, 2].map(() => createMember(db())));
    await purchase(db(), rebuyer!.id, course.programId, { status: 'refunded' });
    await purchase(db(), rebuyer!.id, course.programId);
    await purchase(db(), revoked!.id, course.programId);
    await watched(rebuyer!.id, course.classId, 30);
    await watched(revoked!.id, course.classId, 100);
    await call(bed.admin, 'DELETE', `/api/admin/members/${revoked!.id}/grants/${course.programId}`);

    const { body } = await call(bed.admin, 'GET', `/api/admin/engagement?programId=${course.programId}`);
    expect(body.program.owners).toBe(1);
    expect(body.program.classes[0]).toMatchObject({
      classId: course.classId,
      started: 1,
      completed: 0,
      medianPercentWatched: 30,
    });
  });

  it('does not count an account deleted since as an owner: its purchase stays for the books only', async () => {
    const course = await createCourse(db());
    const [owner, gone] = await Promise.all([1, 2].map(() => createMember(db())));
    await purchase(db(), owner!.id, course.programId);
    await purchase(db(), gone!.id, course.programId);
    await markDeleted(db(), gone!.id);

    const { body } = await call(bed.admin, 'GET', `/api/admin/engagement?programId=${course.programId}`);
    expect(body.program.owners).toBe(1);
  });

  it('answers a programme nobody watched with zeros and no median', async () => {
    const course = await createCourse(db());
    const { body } = await call(bed.admin, 'GET', `/api/admin/engagement?programId=${course.programId}`);
    expect(body.program.owners).toBe(0);
    expect(
      body.program.classes.map(
        (row: { started: number; completed: number; medianPercentWatched: number | null }) => [
          row.started,
          row.completed,
          row.medianPercentWatched,
        ],
      ),
    ).toEqual([
      [0, 0, null],
      [0, 0, null],
    ]);
  });

  it('without a programme, answers the live programmes in catalogue order and the figures of the first', async () => {
    const { status, body } = await call(bed.admin, 'GET', '/api/admin/engagement');
    expect(status).toBe(200);
    expect(body.programs.length).toBeGreaterThan(0);
    expect(body.program.programId).toBe(body.programs[0].id);
  });

  it('answers 404 for an unknown or deleted programme and 400 for an id that is not a positive whole number', async () => {
    const deleted = await createProgram(db(), { deletedAt: new Date() });
    for (const programId of [deleted, 2_000_000_000]) {
      expect(await call(bed.admin, 'GET', `/api/admin/engagement?programId=${programId}`)).toMatchObject({
        status: 404,
        body: { error: 'Program not found' },
      });
    }
    for (const programId of ['abc', '0', '-3', '']) {
      const { status, body } = await call(bed.admin, 'GET', `/api/admin/engagement?programId=${programId}`);
      expect(status).toBe(400);
      expect(body.error).toBe('Choose the programme.');
    }
  });
});

describe('medianOfBuckets', () => {
  it('is the middle value, or the mean of the two middle values, of the counted values', () => {
    expect(medianOfBuckets([])).toBeNull();
    expect(medianOfBuckets([{ value: 30, count: 0 }])).toBeNull();
    expect(medianOfBuckets([{ value: 40, count: 1 }])).toBe(40);
    expect(
      medianOfBuckets([
        { value: 100, count: 1 },
        { value: 50, count: 1 },
      ]),
    ).toBe(75);
    expect(
      medianOfBuckets([
        { value: 10, count: 3 },
        { value: 90, count: 1 },
      ]),
    ).toBe(10);
    expect(
      medianOfBuckets([
        { value: 10, count: 2 },
        { value: 90, count: 2 },
      ]),
    ).toBe(50);
    expect(
      medianOfBuckets([
        { value: 95, count: 2 },
        { value: 5, count: 1 },
        { value: 60, count: 2 },
      ]),
    ).toBe(60);
  });
});
