import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCourse, createProgram } from '@sleep-ritual/learning/testing-catalog';
import { backOfficeTestbed, call, createMember, markDeleted, purchase } from './admin-members-fixtures.ts';

const bed = backOfficeTestbed('members-search');
/** A word no other member in the test database has. */
const uniqueWord = () => `w${randomUUID().replace(/-/g, '').slice(0, 12)}`;

describe('GET /api/admin/members', () => {
  it('finds members by any part of their e-mail address, whatever the case, with their programmes', async () => {
    const word = uniqueWord();
    const programId = await createProgram(bed.deps.db);
    const refundedId = await createProgram(bed.deps.db);
    const member = await createMember(bed.deps.db, {
      email: `${word}.jones@example.com`,
      password: 'hash',
      lastSignInAt: new Date(),
    });
    await purchase(bed.deps.db, member.id, programId);
    await purchase(bed.deps.db, member.id, refundedId, { status: 'refunded' });

    const { status, body } = await call(bed.admin, 'GET', `/api/admin/members?q=${word.toUpperCase()}.JONES`);
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [
        {
          id: member.id,
          email: `${word}.jones@example.com`,
          firstName: 'Maya',
          lastName: 'Lindqvist',
          hasPassword: true,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          lastSignInAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          programs: [{ id: programId, title: expect.any(String) }],
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    });
  });

  it('finds members by first name, last name or both, and pages through them newest first', async () => {
    const surname = uniqueWord();
    const older = await createMember(bed.deps.db, { firstName: 'Saoirse', lastName: surname });
    const newer = await createMember(bed.deps.db, { firstName: 'Björn', lastName: surname });

    const bySurname = await call(bed.admin, 'GET', `/api/admin/members?q=${surname}`);
    expect(bySurname.body.items.map((item: { id: number }) => item.id)).toEqual([newer.id, older.id]);
    expect(bySurname.body.total).toBe(2);

    const byFullName = await call(
      bed.admin,
      'GET',
      `/api/admin/members?q=${encodeURIComponent(`saoirse ${surname}`)}`,
    );
    expect(byFullName.body.items.map((item: { id: number }) => item.id)).toEqual([older.id]);

    const second = await call(bed.admin, 'GET', `/api/admin/members?q=${surname}&page=2&pageSize=1`);
    expect(second.body).toMatchObject({ items: [{ id: older.id }], total: 2, page: 2, pageSize: 1 });
  });

  it('puts the member whose e-mail the search is first, ahead of newer partial matches, on the first page only', async () => {
    const word = uniqueWord();
    const exact = await createMember(bed.deps.db, { email: `${word}@example.com` });
    const older = await createMember(bed.deps.db, { email: `x${word}@example.com` });
    const newer = await createMember(bed.deps.db, { email: `${word}@example.com.au` });
    const ids = async (query: string) =>
      (await call(bed.admin, 'GET', `/api/admin/members?q=${word}@EXAMPLE.com${query}`)).body.items.map(
        (item: { id: number }) => item.id,
      );
    expect(await ids('')).toEqual([exact.id, newer.id, older.id]);
    expect(await ids('&pageSize=2')).toEqual([exact.id, newer.id]);
    expect(await ids('&pageSize=2&page=2')).toEqual([older.id]);
    expect(await ids('&pageSize=1&page=2')).toEqual([newer.id]);
    expect(await ids('&pageSize=1&page=4')).toEqual([]);
    expect((await call(bed.admin, 'GET', `/api/admin/members?q=${word}@example.com`)).body.total).toBe(3);
  });

  it('finds a member by a whole address, and by an address that only contains the search', async () => {
    const word = uniqueWord();
    const member = await createMember(bed.deps.db, { email: `${word}.kim@example.com` });
    const longer = await createMember(bed.deps.db, { email: `${word}.kim@example.com.au` });
    await createMember(bed.deps.db, { email: `${word}.kim@example.org` });
    const { body } = await call(bed.admin, 'GET', `/api/admin/members?q=${word}.kim@example.com`);
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([member.id, longer.id]);
    expect((await call(bed.admin, 'GET', `/api/admin/members?q=${word}.kim@example.c`)).body.total).toBe(2);
    expect(
      (await call(bed.admin, 'GET', `/api/admin/members?q=im@example.org`)).body.total,
    ).toBeGreaterThanOrEqual(1);
  });

  it('reads % and _ in a search as the characters, not as wildcards', async () => {
    const word = uniqueWord();
    await createMember(bed.deps.db, { email: `${word}axb@example.com` });
    const underscore = await createMember(bed.deps.db, { email: `${word}a_b@example.com` });
    const { body } = await call(bed.admin, 'GET', `/api/admin/members?q=${word}a_b`);
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([underscore.id]);
    expect((await call(bed.admin, 'GET', `/api/admin/members?q=${word}%25`)).body.total).toBe(0);
  });

  it('lists every member, newest first, without a search', async () => {
    const member = await createMember(bed.deps.db);
    const { status, body } = await call(bed.admin, 'GET', '/api/admin/members?pageSize=5&q=');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(5);
    expect(body.total).toBeGreaterThanOrEqual(5);
    const ids = body.items.map((item: { id: number }) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBeGreaterThanOrEqual(member.id);
  });

  it.each([
    ['page=0', 'The page must be a whole number from 1.'],
    ['page=two', 'The page must be a whole number from 1.'],
    ['page=1.5', 'The page must be a whole number from 1.'],
    ['pageSize=101', 'The page size must be a whole number from 1 to 100.'],
    ['pageSize=0', 'The page size must be a whole number from 1 to 100.'],
    [`q=${'a'.repeat(256)}`, 'The search is too long.'],
    ['q=a&q=b', 'Search for one piece of text.'],
  ])('answers 400 to %s', async (query, message) => {
    const { status, body } = await call(bed.admin, 'GET', `/api/admin/members?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
    expect(body.issues).toBeInstanceOf(Array);
  });
});

describe('GET /api/admin/members/{id}', () => {
  it('shows the account state, the purchases newest first, and the progress per class in learning order', async () => {
    const course = await createCourse(bed.deps.db);
    const signedIn = new Date('2026-11-20T21:30:00Z');
    const member = await createMember(bed.deps.db, {
      password: 'hash',
      lastSignInAt: signedIn,
      username: null,
    });
    const first = await purchase(bed.deps.db, member.id, course.programId, {
      status: 'refunded',
      product: 'product-7',
    });
    await bed.deps
      .db('purchases')
      .where({ id: first.id })
      .update({ purchasedAt: new Date('2026-01-01T00:00:00Z') });
    const second = await purchase(bed.deps.db, member.id, course.programId, { product: 'bump-3' });
    await bed.deps.db('user_progress').insert({
      userId: member.id,
      classId: course.secondClassId,
      percentWatched: 95,
      maxPositionSec: 900,
      completed: true,
      completedAt: new Date('2026-11-20T22:00:00Z'),
      totalPlays: 2,
      completionReason: 'asleep',
      listenedAt: new Date('2026-11-20T22:01:00Z'),
      // Listen mode closed the next morning: not when the night was listened to.
      updatedAt: new Date('2026-11-21T07:30:00Z'),
    });
    await bed.deps
      .db('sleep_check_ins')
      .insert({ user_id: member.id, class_id: course.secondClassId, answer: 'during', quality: 5 });

    const { status, body } = await call(bed.admin, 'GET', `/api/admin/members/${member.id}`);
    expect(status).toBe(200);
    expect(body.member).toEqual({
      id: member.id,
      email: member.email,
      username: null,
      firstName: 'Maya',
      lastName: 'Lindqvist',
      hasPassword: true,
      emailVerified: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastSignInAt: signedIn.toISOString(),
    });
    expect(body.purchases).toEqual([
      {
        id: second.id,
        orderId: second.orderId,
        product: 'bump-3',
        programId: course.programId,
        programTitle: expect.stringMatching(/^Program /),
        programDeleted: false,
        status: 'completed',
        hasAccess: true,
        plan: null,
        isManual: false,
        purchasedAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      expect.objectContaining({
        id: first.id,
        status: 'refunded',
        product: 'product-7',
        purchasedAt: '2026-01-01T00:00:00.000Z',
      }),
    ]);
    expect(body.progress).toEqual([
      expect.objectContaining({
        classId: course.classId,
        programId: course.programId,
        percentWatched: 0,
        completed: false,
        completedAt: null,
        lastWatchedAt: null,
        totalPlays: 0,
        isDeleted: false,
      }),
      {
        classId: course.secondClassId,
        classTitle: expect.stringMatching(/^Class /),
        classLabel: null,
        pathTitle: expect.stringMatching(/^Path /),
        programId: course.programId,
        programTitle: expect.stringMatching(/^Program /),
        percentWatched: 95,
        completed: true,
        completedAt: '2026-11-20T22:00:00.000Z',
        lastWatchedAt: '2026-11-20T22:01:00.000Z',
        totalPlays: 2,
        completionReason: 'asleep',
        sleep: { answer: 'during', quality: 5 },
        isDeleted: false,
      },
    ]);
  });

  it('marks a purchase whose programme was deleted since: the member no longer sees it', async () => {
    const course = await createCourse(bed.deps.db);
    const member = await createMember(bed.deps.db);
    await purchase(bed.deps.db, member.id, course.programId);
    await bed.deps.db('programs').where({ id: course.programId }).update({ deletedAt: new Date() });
    const { body } = await call(bed.admin, 'GET', `/api/admin/members/${member.id}`);
    expect(body.purchases).toEqual([
      expect.objectContaining({ programId: course.programId, programDeleted: true }),
    ]);
  });

  it('keeps progress on a class deleted since, marked as deleted', async () => {
    const course = await createCourse(bed.deps.db);
    const member = await createMember(bed.deps.db);
    await purchase(bed.deps.db, member.id, course.programId);
    await bed.deps
      .db('user_progress')
      .insert({ userId: member.id, classId: course.classId, percentWatched: 40 });
    await bed.deps.db('classes').where({ id: course.classId }).update({ deletedAt: new Date() });
    const { body } = await call(bed.admin, 'GET', `/api/admin/members/${member.id}`);
    expect(
      body.progress.map((row: { classId: number; isDeleted: boolean }) => [row.classId, row.isDeleted]),
    ).toEqual([
      [course.classId, true],
      [course.secondClassId, false],
    ]);
  });

  it('knows no deleted account: not in a search or its count, nor the list; its page and actions 404', async () => {
    const word = uniqueWord();
    const programId = await createProgram(bed.deps.db);
    const gone = await createMember(bed.deps.db, { firstName: word });
    await purchase(bed.deps.db, gone.id, programId);
    await markDeleted(bed.deps.db, gone.id);

    expect(
      (await call(bed.admin, 'GET', `/api/admin/members?q=deleted-member-${gone.id}`)).body,
    ).toMatchObject({
      items: [],
      total: 0,
    });
    // Newest first: the account made a moment ago would head the list.
    const list = (await call(bed.admin, 'GET', '/api/admin/members')).body;
    expect(list.items.map((item: { id: number }) => item.id)).not.toContain(gone.id);
    for (const [method, path] of [
      ['GET', `/api/admin/members/${gone.id}`],
      ['POST', `/api/admin/members/${gone.id}/password-reset`],
      ['POST', `/api/admin/members/${gone.id}/resend-create-account`],
    ] as const) {
      expect(await call(bed.admin, method, path), path).toMatchObject({
        status: 404,
        body: { error: 'Member not found' },
      });
    }
  });

  it('answers 404 for an unknown member and 400 for an id that is not a positive whole number', async () => {
    expect(await call(bed.admin, 'GET', '/api/admin/members/2000000000')).toMatchObject({
      status: 404,
      body: { error: 'Member not found' },
    });
    const invalid = await call(bed.admin, 'GET', '/api/admin/members/abc');
    expect(invalid).toMatchObject({
      status: 400,
      body: { error: 'The id must be a positive whole number.' },
    });
  });
});
