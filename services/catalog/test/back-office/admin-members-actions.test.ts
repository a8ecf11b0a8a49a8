import { describe, expect, it } from 'vitest';
import { verifyCreateAccountToken } from '@sleep-ritual/auth/tokens/account-links';
import { clientWithSession, listen } from '@sleep-ritual/platform/testing';
import { linkIn, waitForMailTo } from '@sleep-ritual/worker/outbox';
import { createEmailsQueue } from '@sleep-ritual/jobs/emails';
import { createPurchasesQueue } from '@sleep-ritual/jobs/purchases';
import { unreachableQueueBackend } from '@sleep-ritual/worker/testing';
import { createApp } from '../../src/app.ts';
import { createCourse, createProgram } from '@sleep-ritual/learning/testing-catalog';
import {
  auditRowsOf,
  backOfficeTestbed,
  call,
  createMember,
  purchase,
  sessionDigest,
} from './admin-members-fixtures.ts';

const bed = backOfficeTestbed('members-actions', { consumers: true });
const db = () => bed.deps.db;

/** What a learner's own catalogue call answers for the programme: 200 owned, 403 not. */
async function learnerSees(memberId: number, programId: number): Promise<number> {
  const learner = await clientWithSession(bed.url, bed.deps, { userId: memberId });
  return (await learner.request(`/api/programs/${programId}/hierarchy`)).status;
}

describe('POST /api/admin/members/{id}/grants', () => {
  it('opens the programme to the member with a grant by hand, answers 201 with the member, and records who did it', async () => {
    const course = await createCourse(db());
    const member = await createMember(db());
    expect(await learnerSees(member.id, course.programId)).toBe(403);

    const { status, body } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, {
      programId: course.programId,
    });
    expect(status).toBe(201);
    expect(body.purchases).toEqual([
      expect.objectContaining({
        programId: course.programId,
        status: 'completed',
        isManual: true,
        product: null,
      }),
    ]);
    const orderId: string = body.purchases[0].orderId;
    expect(orderId).toMatch(new RegExp(`^manual-${member.id}-${course.programId}-[\\w-]{12}$`));
    expect(await learnerSees(member.id, course.programId)).toBe(200);

    expect(await auditRowsOf(db(), member.id)).toEqual([
      {
        id: expect.any(Number),
        action: 'grant-program',
        memberId: member.id,
        details: {
          programId: course.programId,
          programTitle: expect.stringMatching(/^Program /),
          restored: false,
          purchaseIds: [body.purchases[0].id],
          orderIds: [orderId],
        },
        adminSessionId: sessionDigest(bed.admin.sessionId),
        ip: bed.admin.ip,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('ends a password nobody proved the address for, and its sessions; a proven one stays', async () => {
    const bought = await createCourse(db());
    const granted = await createCourse(db());
    // Whoever typed the address at checkout set this password through the signed redirect.
    const unproven = await createMember(db(), { password: 'argon2-hash', emailVerified: false });
    const proven = await createMember(db(), { password: 'argon2-hash', emailVerified: true });
    const sessions = [];
    for (const member of [unproven, proven]) {
      await purchase(db(), member.id, bought.programId);
      const learner = await clientWithSession(bed.url, bed.deps, { userId: member.id });
      expect((await learner.request(`/api/programs/${bought.programId}/hierarchy`)).status).toBe(200);
      sessions.push(learner);
      const { status } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, {
        programId: granted.programId,
      });
      expect(status).toBe(201);
    }

    const passwords = await db()('users')
      .whereIn('id', [unproven.id, proven.id])
      .orderBy('id')
      .pluck('password');
    expect(passwords).toEqual([null, 'argon2-hash']);
    const [unprovenSession, provenSession] = sessions;
    expect((await unprovenSession!.request(`/api/programs/${granted.programId}/hierarchy`)).status).toBe(401);
    expect((await provenSession!.request(`/api/programs/${granted.programId}/hierarchy`)).status).toBe(200);
    const [row] = await auditRowsOf(db(), unproven.id);
    expect(row.details).toMatchObject({ programId: granted.programId, unprovenPasswordEnded: true });
    const [provenRow] = await auditRowsOf(db(), proven.id);
    expect(provenRow.details).not.toHaveProperty('unprovenPasswordEnded');
  });

  it("keeps a password nobody proved when a grant restores a revoked purchase of the password's own order", async () => {
    const course = await createCourse(db());
    const member = await createMember(db(), { password: 'argon2-hash', emailVerified: false });
    await purchase(db(), member.id, course.programId, { status: 'revoked' });
    const learner = await clientWithSession(bed.url, bed.deps, { userId: member.id });

    const { status } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, {
      programId: course.programId,
    });
    expect(status).toBe(201);
    expect(await db()('users').where({ id: member.id }).first('password')).toEqual({
      password: 'argon2-hash',
    });
    expect((await learner.request(`/api/programs/${course.programId}/hierarchy`)).status).toBe(200);
    const [row] = await auditRowsOf(db(), member.id);
    expect(row.details).toMatchObject({ restored: true });
    expect(row.details).not.toHaveProperty('unprovenPasswordEnded');
  });

  it('answers 409 when the member already has the programme, and records nothing', async () => {
    const programId = await createProgram(db());
    const member = await createMember(db());
    await purchase(db(), member.id, programId);
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, {
      programId,
    });
    expect({ status, body }).toEqual({
      status: 409,
      body: { error: 'This member already has access to this programme.' },
    });
    expect(await auditRowsOf(db(), member.id)).toEqual([]);
  });

  it('gives a refunded programme back as a new grant and leaves the refund as it was', async () => {
    const programId = await createProgram(db());
    const member = await createMember(db());
    const refunded = await purchase(db(), member.id, programId, { status: 'refunded' });
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, {
      programId,
    });
    expect(status).toBe(201);
    expect(
      body.purchases.map((row: { id: number; status: string; isManual: boolean }) => [
        row.id === refunded.id,
        row.status,
        row.isManual,
      ]),
    ).toEqual([
      [false, 'completed', true],
      [true, 'refunded', false],
    ]);
  });

  it('shows a purchase suspended for an unpaid instalment, opens the programme by hand, and a revoke takes both', async () => {
    const programId = await createProgram(db());
    const member = await createMember(db());
    const bought = await purchase(db(), member.id, programId);
    const failedAt = new Date(Date.now() - 9 * 24 * 60 * 60 * 1000);
    const graceEndsAt = new Date(failedAt.getTime() + 7 * 24 * 60 * 60 * 1000);
    await db()('purchases')
      .where({ id: bought.id })
      .update({ planStatus: 'cancelled', paymentFailedAt: failedAt, graceEndsAt });
    expect(await learnerSees(member.id, programId)).toBe(403);

    const detail = await call(bed.admin, 'GET', `/api/admin/members/${member.id}`);
    expect(detail.body.purchases).toEqual([
      expect.objectContaining({
        id: bought.id,
        status: 'completed',
        hasAccess: false,
        plan: {
          status: 'cancelled',
          paymentFailedAt: failedAt.toISOString(),
          accessUntil: graceEndsAt.toISOString(),
        },
      }),
    ]);
    const revokeSuspended = await call(
      bed.admin,
      'DELETE',
      `/api/admin/members/${member.id}/grants/${programId}`,
    );
    expect(revokeSuspended.status).toBe(404);

    const granted = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, { programId });
    expect(granted.status).toBe(201);
    expect(await learnerSees(member.id, programId)).toBe(200);

    // Revoking takes the suspended purchase too: paying the instalment later must not bring it back.
    const revoked = await call(bed.admin, 'DELETE', `/api/admin/members/${member.id}/grants/${programId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.purchases.map((row: { status: string }) => row.status)).toEqual([
      'revoked',
      'revoked',
    ]);
    await db()('purchases').where({ id: bought.id }).update({ paymentFailedAt: null, graceEndsAt: null });
    expect(await learnerSees(member.id, programId)).toBe(403);
  });

  it('answers 404 for an unknown member or programme, or a deleted programme, and records nothing', async () => {
    const member = await createMember(db());
    const deleted = await createProgram(db(), { deletedAt: new Date() });
    expect(
      await call(bed.admin, 'POST', '/api/admin/members/2000000000/grants', { programId: deleted }),
    ).toMatchObject({
      status: 404,
      body: { error: 'Member not found' },
    });
    for (const programId of [2_000_000_000, deleted]) {
      expect(
        await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, { programId }),
      ).toMatchObject({
        status: 404,
        body: { error: 'Program not found' },
      });
    }
    expect(await auditRowsOf(db(), member.id)).toEqual([]);
    expect(await db()('purchases').where({ userId: member.id })).toEqual([]);
  });

  it.each([[{}], [{ programId: 'one' }], [{ programId: 0 }], [{ programId: 1.5 }], [{ programId: '7' }]])(
    'answers 400 to the body %j',
    async (json) => {
      const member = await createMember(db());
      const { status, body } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, json);
      expect(status).toBe(400);
      expect(body.error).toBe('Choose the programme.');
    },
  );
});

describe('DELETE /api/admin/members/{id}/grants/{programId}', () => {
  it('revokes a bought programme: the learner gets 403, the purchase reads revoked, and a grant brings the same purchase back', async () => {
    const course = await createCourse(db());
    const member = await createMember(db());
    const bought = await purchase(db(), member.id, course.programId);
    expect(await learnerSees(member.id, course.programId)).toBe(200);

    const revoked = await call(
      bed.admin,
      'DELETE',
      `/api/admin/members/${member.id}/grants/${course.programId}`,
    );
    expect(revoked.status).toBe(200);
    expect(revoked.body.purchases).toEqual([
      expect.objectContaining({ id: bought.id, status: 'revoked', orderId: bought.orderId }),
    ]);
    expect(await learnerSees(member.id, course.programId)).toBe(403);
    const learner = await clientWithSession(bed.url, bed.deps, { userId: member.id });
    expect((await call(learner, 'GET', '/api/my-programs')).body).toEqual([]);

    const granted = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/grants`, {
      programId: course.programId,
    });
    expect(granted.status).toBe(201);
    expect(granted.body.purchases).toEqual([
      expect.objectContaining({ id: bought.id, status: 'completed', isManual: false }),
    ]);
    expect(await learnerSees(member.id, course.programId)).toBe(200);

    const audit = await auditRowsOf(db(), member.id);
    expect(audit.map((row) => [row.action, row.details])).toEqual([
      [
        'revoke-program',
        {
          programId: course.programId,
          programTitle: expect.any(String),
          purchaseIds: [bought.id],
          orderIds: [bought.orderId],
        },
      ],
      [
        'grant-program',
        {
          programId: course.programId,
          programTitle: expect.any(String),
          restored: true,
          purchaseIds: [bought.id],
          orderIds: [bought.orderId],
        },
      ],
    ]);
    expect(new Set(audit.map((row) => row.adminSessionId))).toEqual(
      new Set([sessionDigest(bed.admin.sessionId)]),
    );
  });

  it('answers 404 when the member has no access to revoke, or the member or programme is unknown', async () => {
    const programId = await createProgram(db());
    const member = await createMember(db());
    await purchase(db(), member.id, programId, { status: 'refunded' });
    expect(
      await call(bed.admin, 'DELETE', `/api/admin/members/${member.id}/grants/${programId}`),
    ).toMatchObject({
      status: 404,
      body: { error: 'This member has no access to this programme to revoke.' },
    });
    expect(
      (await call(bed.admin, 'DELETE', `/api/admin/members/${member.id}/grants/2000000000`)).body,
    ).toEqual({
      error: 'Program not found',
    });
    expect(
      (await call(bed.admin, 'DELETE', `/api/admin/members/2000000000/grants/${programId}`)).body,
    ).toEqual({
      error: 'Member not found',
    });
    expect(await auditRowsOf(db(), member.id)).toEqual([]);
  });

  it('answers 400 to ids that are not positive whole numbers', async () => {
    expect((await call(bed.admin, 'DELETE', '/api/admin/members/1/grants/abc')).status).toBe(400);
    expect((await call(bed.admin, 'DELETE', '/api/admin/members/-1/grants/1')).status).toBe(400);
  });
});

describe('POST /api/admin/members/{id}/resend-create-account', () => {
  it('queues a new create-account e-mail for the newest order, which arrives with a working link, and records it', async () => {
    const programId = await createProgram(db(), { title: 'The 6-Night Sleep Meditation Ritual' });
    const member = await createMember(db());
    const order = await purchase(db(), member.id, programId);

    const { status, body } = await call(
      bed.admin,
      'POST',
      `/api/admin/members/${member.id}/resend-create-account`,
    );
    expect(status).toBe(202);
    expect(body).toEqual({
      queued: true,
      template: 'create-account',
      jobId: expect.stringMatching(/^create-account-.+-resend-/),
    });
    const job = await bed.queues.emails.getJob(body.jobId);
    expect(job?.data).toEqual({ template: 'create-account', userId: member.id, orderId: order.orderId });

    const mail = await waitForMailTo(bed.deps.config.outboxDir, member.email);
    expect(mail.subject).toBe('Your Sleep Ritual is ready: create your account');
    const link = linkIn(mail, '/create-account')!;
    expect(link.searchParams.get('order_id')).toBe(order.orderId);
    expect(
      verifyCreateAccountToken(bed.deps.config, order.orderId, member.email, link.searchParams.get('token')!),
    ).toBe(true);

    const second = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/resend-create-account`);
    expect(second.body.jobId).not.toBe(body.jobId);
    const audit = await auditRowsOf(db(), member.id);
    expect(audit.map((row) => [row.action, row.details])).toEqual([
      ['resend-create-account', { orderId: order.orderId, jobId: body.jobId, to: member.email }],
      ['resend-create-account', { orderId: order.orderId, jobId: second.body.jobId, to: member.email }],
    ]);
  });

  it('answers 409 when the member already has a password, or no purchase that gives access', async () => {
    const programId = await createProgram(db());
    const withPassword = await createMember(db(), { password: 'hash' });
    await purchase(db(), withPassword.id, programId);
    expect(
      await call(bed.admin, 'POST', `/api/admin/members/${withPassword.id}/resend-create-account`),
    ).toMatchObject({
      status: 409,
      body: { error: 'This member has already created an account. Send a password reset e-mail instead.' },
    });
    const refunded = await createMember(db());
    await purchase(db(), refunded.id, programId, { status: 'refunded' });
    expect(
      await call(bed.admin, 'POST', `/api/admin/members/${refunded.id}/resend-create-account`),
    ).toMatchObject({
      status: 409,
      body: { error: 'This member has no purchase that gives access, so there is no account to create.' },
    });
    expect(await auditRowsOf(db(), withPassword.id)).toEqual([]);
    expect(await auditRowsOf(db(), refunded.id)).toEqual([]);
  });

  it('answers 404 for an unknown member and 400 for an invalid id', async () => {
    expect(
      (await call(bed.admin, 'POST', '/api/admin/members/2000000000/resend-create-account')).status,
    ).toBe(404);
    expect((await call(bed.admin, 'POST', '/api/admin/members/0/resend-create-account')).status).toBe(400);
  });
});

describe('POST /api/admin/members/{id}/password-reset', () => {
  it('queues a password-reset e-mail, which arrives with a reset link, and records it', async () => {
    const member = await createMember(db(), { password: 'hash' });
    const { status, body } = await call(bed.admin, 'POST', `/api/admin/members/${member.id}/password-reset`);
    expect(status).toBe(202);
    expect(body).toEqual({ queued: true, template: 'password-reset', jobId: expect.any(String) });
    expect((await bed.queues.emails.getJob(body.jobId))?.data).toEqual({
      template: 'password-reset',
      userId: member.id,
    });
    const mail = await waitForMailTo(bed.deps.config.outboxDir, member.email);
    expect(linkIn(mail, '/reset-password')?.searchParams.get('token')).toBeTruthy();
    expect((await auditRowsOf(db(), member.id)).map((row) => [row.action, row.details])).toEqual([
      ['send-password-reset', { jobId: body.jobId, to: member.email }],
    ]);
  });

  it('answers 404 for an unknown member and 400 for an invalid id', async () => {
    expect(await call(bed.admin, 'POST', '/api/admin/members/2000000000/password-reset')).toMatchObject({
      status: 404,
      body: { error: 'Member not found' },
    });
    expect((await call(bed.admin, 'POST', '/api/admin/members/1.5/password-reset')).status).toBe(400);
  });
});

describe('PATCH /api/admin/members/{id}', () => {
  it('changes the address (trimmed, lower-cased), moves a username that was the old address along, and records both addresses', async () => {
    const member = await createMember(db());
    await db()('users').where({ id: member.id }).update({ username: member.email.toUpperCase() });
    const newEmail = `new-${member.email}`;
    const { status, body } = await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, {
      email: ` ${newEmail.toUpperCase()} `,
    });
    expect(status).toBe(200);
    expect(body.member).toMatchObject({ email: newEmail, username: newEmail });
    expect((await auditRowsOf(db(), member.id)).map((row) => [row.action, row.details])).toEqual([
      ['change-email', { from: member.email, to: newEmail }],
    ]);
  });

  it("moves the member's orders waiting on a mapping to the new address, and nobody else's", async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    const [mine, theirs] = [`W${Date.now()}a`, `W${Date.now()}b`];
    await db()('orders_awaiting_mapping').insert([
      { thriveOrderId: mine, item: 'product-5', email: member.email.toUpperCase() },
      { thriveOrderId: theirs, item: 'product-5', email: other.email },
    ]);
    const newEmail = `moved-${member.email}`;
    const { status } = await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, { email: newEmail });
    expect(status).toBe(200);
    expect(
      await db()('orders_awaiting_mapping')
        .whereIn('thriveOrderId', [mine, theirs])
        .orderBy('thriveOrderId')
        .select('thriveOrderId', 'email'),
    ).toEqual([
      { thriveOrderId: mine, email: newEmail },
      { thriveOrderId: theirs, email: other.email },
    ]);
  });

  it('leaves a username the member chose as it is', async () => {
    const member = await createMember(db(), { username: `sleepy-${Date.now()}-${Math.random()}` });
    const { body } = await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, {
      email: `changed-${member.email}`,
    });
    expect(body.member.username).toMatch(/^sleepy-/);
  });

  it('answers 409 when another member has the address in any case, and changes nothing', async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    const { status, body } = await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, {
      email: other.email.toUpperCase(),
    });
    expect({ status, body }).toEqual({
      status: 409,
      body: { error: 'This e-mail address is already used by another member.' },
    });
    expect((await db()('users').where({ id: member.id }).first()).email).toBe(member.email);
    expect(await auditRowsOf(db(), member.id)).toEqual([]);
  });

  it('changes nothing and records nothing when the address is the one the member has', async () => {
    const member = await createMember(db());
    const { status, body } = await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, {
      email: member.email,
    });
    expect(status).toBe(200);
    expect(body.member.email).toBe(member.email);
    expect(await auditRowsOf(db(), member.id)).toEqual([]);
  });

  it.each([
    [{}],
    [{ email: 'not-an-address' }],
    [{ email: 42 }],
    [{ email: `${'a'.repeat(250)}@example.com` }],
  ])('answers 400 to %j', async (json) => {
    const member = await createMember(db());
    const { status, body } = await call(bed.admin, 'PATCH', `/api/admin/members/${member.id}`, json);
    expect(status).toBe(400);
    expect(body.error).toBe('Enter a valid email');
  });

  it('answers 404 for an unknown member', async () => {
    expect(
      await call(bed.admin, 'PATCH', '/api/admin/members/2000000000', { email: 'nobody@example.com' }),
    ).toMatchObject({
      status: 404,
      body: { error: 'Member not found' },
    });
  });
});

describe('while the queue store is down', () => {
  it('the e-mail actions answer 503 and leave no audit row behind', async () => {
    const store = unreachableQueueBackend(bed.deps.config);
    const queues = { purchases: createPurchasesQueue(store), emails: createEmailsQueue(store) };
    const server = await listen(createApp({ ...bed.deps, queues }));
    try {
      const admin = await clientWithSession(server.url, bed.deps, { isAdmin: true });
      const member = await createMember(db(), { password: 'hash' });
      const { status, body } = await call(admin, 'POST', `/api/admin/members/${member.id}/password-reset`);
      expect({ status, body }).toEqual({
        status: 503,
        body: { error: 'The service is temporarily unavailable. Please try again shortly.' },
      });
      expect(await auditRowsOf(db(), member.id)).toEqual([]);
    } finally {
      await server.close();
      await Promise.all([queues.purchases.close(), queues.emails.close()]);
      await store.close();
    }
  });
});
