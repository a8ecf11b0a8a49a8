import { describe, expect, it } from 'vitest';
import { clientWithSession, createClient } from '@sleep-ritual/platform/testing';
import { createProgram } from '@sleep-ritual/learning/testing-catalog';
import {
  ADMIN_BACK_OFFICE_CALLS,
  auditRowsOf,
  backOfficeTestbed,
  call,
  createMember,
} from './admin-members-fixtures.ts';

const bed = backOfficeTestbed('members-access');

describe('the back-office calls without the admin session', () => {
  it.each(ADMIN_BACK_OFFICE_CALLS)(
    '%s %s answers 401 to anonymous visitors and to signed-in learners',
    async (method, path, body) => {
      const anonymous = await call(createClient(bed.url), method, path, body);
      expect(anonymous).toMatchObject({ status: 401, body: { error: 'Admin sign-in required.' } });
      const learner = await clientWithSession(bed.url, bed.deps, { userId: 1 });
      expect((await call(learner, method, path, body)).status).toBe(401);
    },
  );

  it('a learner who tries the actions changes nothing, records nothing and queues no e-mail', async () => {
    const member = await createMember(bed.deps.db);
    const programId = await createProgram(bed.deps.db);
    const learner = await clientWithSession(bed.url, bed.deps, { userId: member.id });
    await call(learner, 'POST', `/api/admin/members/${member.id}/grants`, { programId });
    await call(learner, 'PATCH', `/api/admin/members/${member.id}`, { email: 'taken-over@example.com' });
    await call(learner, 'POST', `/api/admin/members/${member.id}/password-reset`);

    expect(await bed.deps.db('purchases').where({ userId: member.id })).toEqual([]);
    expect((await bed.deps.db('users').where({ id: member.id }).first()).email).toBe(member.email);
    expect(await auditRowsOf(bed.deps.db, member.id)).toEqual([]);
    expect(await bed.queues.emails.getJobCounts('waiting', 'delayed', 'active', 'completed')).toEqual({
      waiting: 0,
      delayed: 0,
      active: 0,
      completed: 0,
    });
  });
});
