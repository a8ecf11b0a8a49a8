import { describe, expect, it } from 'vitest';
import { createProgram } from '@sleep-ritual/learning/testing-catalog';
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

describe('changes to the content and the shop', () => {
  /** The newest audit row of an action whose details match, from the unfiltered log. */
  async function auditRow(action: string, match: (details: Record<string, unknown>) => boolean) {
    const { body } = await call(bed.admin, 'GET', `/api/admin/audit-log?action=${action}&pageSize=100`);
    return (
      body.items as { details: Record<string, unknown>; memberId: unknown; adminSessionId: string }[]
    ).find((item) => match(item.details));
  }

  it('records each change of the content tree: create, edit, lock, reorder, delete, by whom', async () => {
    const programId = await createProgram(bed.deps.db);
    const created = await call(bed.admin, 'POST', `/api/admin/programs/${programId}/phases`, {
      programId,
      title: 'Night one phase',
    });
    expect(created.status).toBe(201);
    const phaseId = created.body.id as number;
    const phasePath = `/api/admin/phases/${phaseId}`;
    expect((await call(bed.admin, 'PUT', phasePath, { title: 'Night one, renamed' })).status).toBe(200);
    expect((await call(bed.admin, 'PATCH', `${phasePath}/lock`, { isUnlocked: false })).status).toBe(200);
    const reorder = await call(bed.admin, 'PUT', '/api/admin/phases/reorder', [
      { id: phaseId, orderIndex: 0 },
    ]);
    expect(reorder.status).toBe(200);
    expect((await call(bed.admin, 'DELETE', phasePath)).status).toBe(200);

    const ofPhase = (details: Record<string, unknown>) =>
      details.id === phaseId || String(details.path).startsWith(phasePath);
    expect(await auditRow('create-content', ofPhase)).toMatchObject({
      memberId: null,
      adminSessionId: sessionDigest(bed.admin.sessionId),
      details: { method: 'POST', id: phaseId, title: 'Night one phase' },
    });
    expect(await auditRow('update-content', ofPhase)).toMatchObject({
      details: { method: 'PUT', path: phasePath, title: 'Night one, renamed' },
    });
    expect(await auditRow('lock-content', ofPhase)).toMatchObject({ details: { isUnlocked: false } });
    expect(
      await auditRow('reorder-content', (details) => details.path === '/api/admin/phases/reorder'),
    ).toBeDefined();
    expect(await auditRow('delete-content', ofPhase)).toMatchObject({
      details: { method: 'DELETE', path: phasePath },
    });
  });

  it('records a product mapping saved and deleted, and nothing for a refused change', async () => {
    const programId = await createProgram(bed.deps.db);
    const item = `product-${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const saved = await call(bed.admin, 'POST', '/api/admin/product-mappings', {
      externalProductId: item,
      programId,
    });
    expect(saved.status).toBe(201);
    const mappingPath = `/api/admin/product-mappings/${saved.body.id}`;
    expect((await call(bed.admin, 'DELETE', mappingPath)).status).toBe(204);
    expect(await auditRow('save-product-mapping', (details) => details.id === saved.body.id)).toBeDefined();
    expect(await auditRow('delete-product-mapping', (details) => details.path === mappingPath)).toBeDefined();

    const refused = await call(bed.admin, 'POST', '/api/admin/product-mappings', { programId });
    expect(refused.status).toBe(400);
    const missing = '/api/admin/product-mappings/2000000000';
    expect((await call(bed.admin, 'DELETE', missing)).status).toBe(404);
    expect(await auditRow('delete-product-mapping', (details) => details.path === missing)).toBeUndefined();
  });
});
