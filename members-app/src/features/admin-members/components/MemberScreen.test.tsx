import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MEMBER_MESSAGES } from '@sleep-ritual/contracts/admin-members';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { backOffice } from '../../../test/fixtures/back-office.ts';
import { rows } from '../../../test/fixtures/admin.ts';
import { MemberScreen } from './MemberScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

const night = (classId: number, fields: Record<string, unknown> = {}) => ({
  classId,
  classTitle: `Class ${classId}`,
  classLabel: `Night ${classId}`,
  pathTitle: 'Six Nights',
  programId: 1,
  programTitle: 'Sleep Ritual',
  percentWatched: 0,
  completed: false,
  completedAt: null,
  lastWatchedAt: null,
  totalPlays: 0,
  completionReason: null,
  sleep: null,
  isDeleted: false,
  ...fields,
});

function renderMember(answers: Parameters<typeof stubApi>[0], url = '/admin/members/7') {
  const stub = stubApi({
    'GET /api/admin/programs': {
      status: 200,
      body: [rows.program(1, { title: 'Sleep Ritual' }), rows.program(2, { title: 'Add-On Nights' })],
    },
    'GET /api/admin/audit-log': { status: 200, body: backOffice.page([]) },
    ...answers,
  });
  renderAt(url, '/admin/members/:memberId', <MemberScreen />);
  return stub;
}

const toast = (text: string) => screen.findByText(text, { selector: '.toast-title' });

describe('member page', () => {
  it('shows the account state, the purchases and the progress per class', async () => {
    renderMember({
      'GET /api/admin/members/7': {
        status: 200,
        body: backOffice.detail({
          member: { hasPassword: true, lastSignInAt: '2026-11-03T21:00:00.000Z' },
          purchases: [
            backOffice.purchase({
              id: 31,
              orderId: 'manual-7-2-x1',
              product: null,
              isManual: true,
              programId: 2,
              programTitle: 'Add-On Nights',
            }),
            backOffice.purchase({ id: 30, status: 'refunded' }),
          ],
          progress: [
            night(1, {
              percentWatched: 100,
              completed: true,
              completedAt: '2026-11-02T22:00:00.000Z',
              lastWatchedAt: '2026-11-02T22:00:00.000Z',
              completionReason: 'asleep',
              sleep: { answer: 'during', quality: 4 },
            }),
            night(2, { percentWatched: 45, lastWatchedAt: '2026-11-03T21:10:00.000Z' }),
            night(3),
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'maya@example.com' })).toBeTruthy();
    const account = within(screen.getByRole('heading', { level: 2, name: 'Account' }).closest('section')!);
    expect(account.getByText('Has password').nextElementSibling?.textContent).toBe('Yes');
    expect(
      account.getByText('Last sign-in').nextElementSibling?.querySelector('time')?.getAttribute('datetime'),
    ).toBe('2026-11-03T21:00:00.000Z');

    const purchases = within(screen.getByRole('table', { name: 'Purchases' }));
    expect(purchases.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order ID',
      'Product',
      'Program',
      'Status',
      'Date',
    ]);
    const manual = within(purchases.getByRole('row', { name: /manual-7-2-x1/ }));
    expect(manual.getByText('Granted by an admin')).toBeTruthy();
    expect(manual.getByText('Completed')).toBeTruthy();
    const refunded = within(purchases.getByRole('row', { name: /123456789/ }));
    expect(refunded.getByText('product-1')).toBeTruthy();
    expect(refunded.getByText('Refunded')).toBeTruthy();

    const progress = within(screen.getByRole('table', { name: 'Progress in Sleep Ritual' }));
    const cells = (name: RegExp) =>
      within(progress.getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/Class 1/)).toEqual([
      '100%',
      expect.stringMatching(/^YesFell asleep to it \(sleep timer\)/),
      expect.any(String),
      'Fell asleep during itQuality 4 of 5',
    ]);
    expect(cells(/Class 2/)).toEqual(['45%', 'No', expect.not.stringMatching(/Not yet/), 'No answer']);
    expect(cells(/Class 3/)).toEqual(['0%', 'No', 'Not yet', 'No answer']);

    // Access now: the Add-On by hand; Sleep Ritual was refunded.
    const access = within(screen.getByRole('list', { name: 'Program access' }));
    expect(access.getByRole('button', { name: 'Revoke access to Add-On Nights' })).toBeTruthy();
    expect(access.queryByRole('button', { name: 'Revoke access to Sleep Ritual' })).toBeNull();
    expect(access.getByText('No access: refunded')).toBeTruthy();
    // The create-account e-mail is for members without a password.
    expect(screen.getByRole('button', { name: 'Resend Create-Account E-mail' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it("shows each purchase's payment plan: a failed instalment's grace, a suspension, a cancelled plan", async () => {
    const failedAt = '2026-11-10T09:00:00.000Z';
    const graceEnds = '2026-11-17T09:00:00.000Z';
    renderMember({
      'GET /api/admin/members/7': {
        status: 200,
        body: backOffice.detail({
          purchases: [
            backOffice.purchase({
              id: 40,
              orderId: 'order-in-grace',
              plan: { status: 'active', paymentFailedAt: failedAt, accessUntil: graceEnds },
            }),
            backOffice.purchase({
              id: 41,
              orderId: 'order-suspended',
              programId: 2,
              programTitle: 'Add-On Nights',
              hasAccess: false,
              plan: { status: 'cancelled', paymentFailedAt: failedAt, accessUntil: graceEnds },
            }),
            backOffice.purchase({
              id: 42,
              orderId: 'order-cancelled',
              programId: 3,
              programTitle: 'Deep Sleep',
              plan: { status: 'cancelled', paymentFailedAt: null, accessUntil: null },
            }),
            backOffice.purchase({
              id: 43,
              orderId: 'order-paused',
              programId: 4,
              programTitle: 'Bonus Nights',
              plan: { status: 'paused', paymentFailedAt: null, accessUntil: null },
            }),
          ],
        }),
      },
    });
    const purchases = within(await screen.findByRole('table', { name: 'Purchases' }));
    const statusCell = (orderId: string) =>
      within(purchases.getByRole('row', { name: new RegExp(orderId) })).getAllByRole('cell')[3]!;
    const times = (cell: HTMLElement) =>
      [...cell.querySelectorAll('time')].map((time) => time.getAttribute('datetime'));

    const inGrace = statusCell('order-in-grace');
    expect(inGrace.textContent).toMatch(
      /^Completed\s*Payment plan active\. Payment failed on .+, access until .+$/,
    );
    expect(times(inGrace)).toEqual([failedAt, graceEnds]);

    const suspended = statusCell('order-suspended');
    expect(suspended.textContent).toMatch(
      /^Suspended\s*Payment plan cancelled\. Suspended since .+ \(payment failed on .+\)$/,
    );
    expect(times(suspended)).toEqual([graceEnds, failedAt]);

    expect(statusCell('order-cancelled').textContent).toMatch(
      /^Completed\s*Payment plan cancelled — keeps access$/,
    );
    expect(statusCell('order-paused').textContent).toMatch(
      /^Completed\s*Payment plan paused — keeps access$/,
    );

    // The suspended programme has no access (nothing to revoke); the one in its grace still has.
    const access = within(screen.getByRole('list', { name: 'Program access' }));
    expect(access.getByRole('button', { name: 'Revoke access to Sleep Ritual' })).toBeTruthy();
    expect(access.queryByRole('button', { name: 'Revoke access to Add-On Nights' })).toBeNull();
    expect(access.getByText('No access: suspended')).toBeTruthy();
  });

  it('says of a programme deleted since that the member no longer sees it, whatever the purchase says', async () => {
    renderMember({
      'GET /api/admin/members/7': {
        status: 200,
        body: backOffice.detail({ purchases: [backOffice.purchase({ programDeleted: true })] }),
      },
    });
    const access = within(await screen.findByRole('list', { name: 'Program access' }));
    expect(access.getByText('Program deleted: hidden from the member')).toBeTruthy();
  });

  it('revokes a programme after confirmation and shows the member without access', async () => {
    const answers = {
      'GET /api/admin/members/7': { status: 200, body: backOffice.detail() },
      'DELETE /api/admin/members/7/grants/1': {
        status: 200,
        body: backOffice.detail({ purchases: [backOffice.purchase({ status: 'revoked' })] }),
      },
    };
    const { calls } = renderMember(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke access to Sleep Ritual' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke Program Access' });
    expect(dialog.textContent).toContain('maya@example.com will no longer be able to open Sleep Ritual.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke Access' }));
    expect(await toast('Program access revoked successfully')).toBeTruthy();
    expect(await screen.findByText('No access: revoked')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/admin/members/7/grants/1',
    ]);
  });

  it('grants a programme the member cannot open, chosen from a picker without the ones they can', async () => {
    const granted = backOffice.detail({
      purchases: [
        backOffice.purchase({
          id: 32,
          programId: 2,
          programTitle: 'Add-On Nights',
          product: null,
          isManual: true,
        }),
        backOffice.purchase(),
      ],
    });
    const { calls } = renderMember({
      'GET /api/admin/members/7': { status: 200, body: backOffice.detail() },
      'POST /api/admin/members/7/grants': { status: 201, body: granted },
    });
    await screen.findByRole('option', { name: 'Add-On Nights' });
    const picker = screen.getByLabelText('Program to grant');
    expect(within(picker).queryByRole('option', { name: 'Sleep Ritual' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(screen.getByText(ADMIN_MEMBER_MESSAGES.programIdRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(picker, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant Access' }));
    expect(await toast('Program access granted successfully')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body!)).toEqual({ programId: 2 });
    expect(await screen.findByRole('button', { name: 'Revoke access to Add-On Nights' })).toBeTruthy();
    expect(screen.getByText('This member can open every program.')).toBeTruthy();
  });

  it('resends the create-account e-mail and says so; a refusal shows the server reason', async () => {
    const answers = {
      'GET /api/admin/members/7': { status: 200, body: backOffice.detail() },
      'POST /api/admin/members/7/resend-create-account': {
        status: 202,
        body: { queued: true, template: 'create-account', jobId: 'create-account-7-1' } as unknown,
      },
    };
    const { calls } = renderMember(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend Create-Account E-mail' }));
    expect(await toast('Create-account e-mail sent')).toBeTruthy();
    expect(calls.filter((call) => call.url.endsWith('/resend-create-account'))).toHaveLength(1);

    Object.assign(answers['POST /api/admin/members/7/resend-create-account'], {
      status: 409,
      body: { error: ADMIN_MEMBER_MESSAGES.noOrderForAccount },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Create-Account E-mail' }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Failed to send the create-account e-mail');
    expect(failure.textContent).toContain(ADMIN_MEMBER_MESSAGES.noOrderForAccount);
  });

  it('sends a password-reset e-mail', async () => {
    const { calls } = renderMember({
      'GET /api/admin/members/7': { status: 200, body: backOffice.detail({ member: { hasPassword: true } }) },
      'POST /api/admin/members/7/password-reset': {
        status: 202,
        body: { queued: true, template: 'password-reset', jobId: 'j1' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send Password Reset E-mail' }));
    expect(await toast('Password reset e-mail sent')).toBeTruthy();
    expect(
      calls.some((call) => call.method === 'POST' && call.url === '/api/admin/members/7/password-reset'),
    ).toBe(true);
  });

  it("changes the e-mail: the contract's message for a wrong address, the 409 beside the field, then success", async () => {
    const answers = {
      'GET /api/admin/members/7': { status: 200, body: backOffice.detail() },
      'PATCH /api/admin/members/7': {
        status: 409,
        body: { error: ADMIN_MEMBER_MESSAGES.emailInUse } as unknown,
      },
    };
    const { calls } = renderMember(answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Change E-mail' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change E-mail Address' }));
    const field = dialog.getByLabelText(/^New e-mail address/);
    expect(field).toHaveProperty('value', 'maya@example.com');

    fireEvent.change(field, { target: { value: 'not-an-address' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save E-mail' }));
    expect(dialog.getByText('Enter a valid email')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(field, { target: { value: ' Noor@Example.com ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save E-mail' }));
    expect(
      await dialog.findByText(ADMIN_MEMBER_MESSAGES.emailInUse, { selector: '.field-error' }),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body!)).toEqual({
      email: 'noor@example.com',
    });

    Object.assign(answers['PATCH /api/admin/members/7'], {
      status: 200,
      body: backOffice.detail({ member: { email: 'maya.l@example.com' } }),
    });
    fireEvent.change(field, { target: { value: 'maya.l@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save E-mail' }));
    expect(await toast('E-mail address updated successfully')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'maya.l@example.com' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists the admin actions on the member: what, when and which admin session', async () => {
    renderMember({
      'GET /api/admin/members/7': { status: 200, body: backOffice.detail() },
      'GET /api/admin/audit-log': {
        status: 200,
        body: backOffice.page([
          {
            id: 3,
            action: 'change-email',
            memberId: 7,
            memberEmail: 'maya@example.com',
            details: { from: 'old@example.com', to: 'maya@example.com' },
            adminSessionId: 'abcdef0123456789',
            ip: null,
            createdAt: '2026-11-03T21:00:00.000Z',
          },
          {
            id: 2,
            action: 'grant-program',
            memberId: 7,
            memberEmail: 'maya@example.com',
            details: { programId: 1, programTitle: 'Sleep Ritual', restored: true },
            adminSessionId: 'abcdef0123456789',
            ip: null,
            createdAt: '2026-11-03T20:00:00.000Z',
          },
        ]),
      },
    });
    const log = within(await screen.findByRole('list', { name: 'Admin actions' }));
    const items = log.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('Changed the e-mail from old@example.com to maya@example.com');
    expect(items[0]).toContain('Admin session abcdef01');
    expect(items[1]).toContain('Restored access to Sleep Ritual');
  });

  it("says 'Member not found' for an unknown member, and shows the not-found screen for an address that is no id", async () => {
    renderMember(
      { 'GET /api/admin/members/99': { status: 404, body: { error: 'Member not found' } } },
      '/admin/members/99',
    );
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Members' }).getAttribute('href')).toBe('/admin/members');
  });

  it.each(['/admin/members/abc', '/admin/members/0', '/admin/members/99999999999'])(
    'shows the not-found screen at %s',
    async (url) => {
      const { calls } = renderMember({}, url);
      expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
      await waitFor(() =>
        expect(calls.filter((call) => call.url.startsWith('/api/admin/members'))).toEqual([]),
      );
    },
  );
});
