import { describe, expect, it } from 'vitest';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { csvCell, csvLine } from '../../src/back-office/domain/admin-members-csv.ts';
import { createCourse } from '@sleep-ritual/learning/testing-catalog';
import {
  backOfficeTestbed,
  call,
  createMember,
  markDeleted,
  purchase,
  sessionDigest,
} from './admin-members-fixtures.ts';

const bed = backOfficeTestbed('exports');
const today = () => new Date().toISOString().slice(0, 10);

/** The line of the CSV whose first cell is this id. */
const lineOf = (csv: string, id: number) => csv.split('\r\n').find((line) => line.startsWith(`${id},`));

describe('GET /api/admin/exports/members.csv', () => {
  it('leaves out an account deleted since: its row stays for the books only', async () => {
    const course = await createCourse(bed.deps.db);
    const gone = await createMember(bed.deps.db);
    await purchase(bed.deps.db, gone.id, course.programId);
    await markDeleted(bed.deps.db, gone.id);
    const { body } = await call<string>(bed.admin, 'GET', '/api/admin/exports/members.csv');
    expect(lineOf(body, gone.id)).toBeUndefined();
  });

  it('downloads every member with their programmes, quoted, with formula-looking text defused, and records the download', async () => {
    const course = await createCourse(bed.deps.db);
    const member = await createMember(bed.deps.db, {
      firstName: '=HYPERLINK("https://evil.example","Click")',
      lastName: "O'Brien, Jr",
      password: 'hash',
      createdAt: new Date('2026-03-01T08:00:00Z'),
    });
    await purchase(bed.deps.db, member.id, course.programId);
    const admin = await clientWithSession(bed.url, bed.deps, { isAdmin: true });

    const { status, body, headers } = await call<string>(admin, 'GET', '/api/admin/exports/members.csv');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toBe(`attachment; filename="members-${today()}.csv"`);
    expect(body.split('\r\n')[0]).toBe(
      'Member ID,E-mail,First name,Last name,Has password,Created,Last sign-in,Programmes',
    );
    const title = (await bed.deps.db('programs').where({ id: course.programId }).first('title')).title;
    expect(lineOf(body, member.id)).toBe(
      `${member.id},${member.email},"'=HYPERLINK(""https://evil.example"",""Click"")","O'Brien, Jr",yes,2026-03-01T08:00:00.000Z,,${title}`,
    );
    expect(body.endsWith('\r\n')).toBe(true);

    const audit = await bed.deps
      .db('admin_audit_log')
      .where({ adminSessionId: sessionDigest(admin.sessionId) });
    expect(audit).toEqual([
      expect.objectContaining({ action: 'export-members', memberId: null, details: {} }),
    ]);
  });
});

describe('GET /api/admin/exports/progress.csv', () => {
  it('downloads one line per member and class they played', async () => {
    const course = await createCourse(bed.deps.db);
    const member = await createMember(bed.deps.db);
    await purchase(bed.deps.db, member.id, course.programId);
    await bed.deps.db('user_progress').insert({
      userId: member.id,
      classId: course.classId,
      percentWatched: 92,
      completed: true,
      completedAt: new Date('2026-11-20T22:00:00Z'),
      totalPlays: 3,
      updatedAt: new Date('2026-11-20T22:05:00Z'),
    });
    const admin = await clientWithSession(bed.url, bed.deps, { isAdmin: true });
    const { status, body, headers } = await call<string>(admin, 'GET', '/api/admin/exports/progress.csv');
    expect(status).toBe(200);
    expect(headers.get('content-disposition')).toBe(`attachment; filename="progress-${today()}.csv"`);
    expect(body.split('\r\n')[0]).toBe(
      'Member ID,E-mail,Programme,Class ID,Class,Percent watched,Completed,Completed at,Last watched,Plays',
    );
    const names = await bed.deps
      .db('classes as c')
      .join('paths as pa', 'pa.id', 'c.pathId')
      .join('phases as ph', 'ph.id', 'pa.phaseId')
      .join('programs as pr', 'pr.id', 'ph.programId')
      .where('c.id', course.classId)
      .first('c.title as classTitle', 'pr.title as programTitle');
    expect(body.split('\r\n').filter((line) => line.startsWith(`${member.id},`))).toEqual([
      `${member.id},${member.email},${names.programTitle},${course.classId},${names.classTitle},92,yes,2026-11-20T22:00:00.000Z,2026-11-20T22:05:00.000Z,3`,
    ]);
    const audit = await bed.deps
      .db('admin_audit_log')
      .where({ adminSessionId: sessionDigest(admin.sessionId) });
    expect(audit.map((row) => row.action)).toEqual(['export-progress']);
  });
});

describe('csv cells', () => {
  it('quote commas, quotes and line breaks, and defuse text a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const risky of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(risky).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
