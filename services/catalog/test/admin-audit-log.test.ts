import { describe, expect, it } from 'vitest';
import { createProgram } from '@sleep-ritual/platform/testing-catalog';
import { backOfficeTestbed, call, createMember, sessionDigest } from './admin-members-fixtures.ts';

const bed = backOfficeTestbed('audit-log');

describe('GET /api/admin/audit-log', () => {
  it("lists a member's audit rows newest first, with the member's current e-mail, and filters by action", async () => {
    const programId = await createProgram(bed.deps.db);
    const member = await createMember(bed.deps.db);
    await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, { programId });
    await call(bed.admin, 'DELETE', `/api/admin/members/${member.id}/grants/${programId}`);
    const newEmail = `moved-${member.email}`;
    await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, { email: newEmail });

    const { status, body } = await call(bed.admin, 'GET', `/api/admin/audit-log?memberId=${member.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.items.map((item: { action: string }) => item.action)).toEqual([
      'change-email',
      'revoke-program',
      'grant-program',
    ]);
    expect(body.items[0]).toEqual({
      id: expect.any(Number),
      action: 'change-email',
      memberId: member.id,
      memberEmail: newEmail,
      details: { from: member.email, to: newEmail },
      adminSessionId: sessionDigest(bed.admin.sessionId),
      ip: bed.admin.ip,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const grants = await call(
      bed.admin,
      'GET',
      `/api/admin/audit-log?memberId=${member.id}&action=grant-program`,
    );
    expect(grants.body.items.map((item: { action: string }) => item.action)).toEqual(['grant-program']);
    const second = await call(
      bed.admin,
      'GET',
      `/api/admin/audit-log?memberId=${member.id}&pageSize=2&page=2`,
    );
    expect(second.body).toMatchObject({ total: 3, items: [{ action: 'grant-program' }] });
  });

  it('keeps the rows of a member who was deleted since, without the member', async () => {
    const programId = await createProgram(bed.deps.db);
    const member = await createMember(bed.deps.db);
    await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, { programId });
    const [row] = await bed.deps.db('admin_audit_log').where({ memberId: member.id });
    await bed.deps.db('users').where({ id: member.id }).delete();
    const kept = await bed.deps.db('admin_audit_log').where({ id: row.id }).first();
    expect(kept).toMatchObject({ action: 'grant-program', memberId: null, details: row.details });
  });

  it.each([
    ['memberId=abc', 'The member id must be a positive whole number.'],
    ['action=delete-everything', 'Unknown audit action.'],
    ['pageSize=1000', 'The page size must be a whole number from 1 to 100.'],
  ])('answers 400 to %s', async (query, message) => {
    const { status, body } = await call(bed.admin, 'GET', `/api/admin/audit-log?${query}`);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
  });
});
