import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED } from '../../lib/admin/messages.ts';
import { rows } from '../../test/fixtures/admin.ts';
import { renderAt, stubApi } from '../../test/render.tsx';
import AdminArea from './admin-routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = { 'GET /api/admin/check': { status: 200, body: { isAdmin: true } } };

function renderAdmin(url: string, answers: Parameters<typeof stubApi>[0] = {}) {
  const stub = stubApi({ ...admin, ...answers });
  const view = renderAt(url, '/admin/*', <AdminArea />);
  return { ...stub, ...view };
}

describe('admin area', () => {
  it('shows the password form, and asks for no admin data, when the session is not an admin one', async () => {
    const { calls } = renderAdmin('/admin/programs', {
      'GET /api/admin/check': { status: 200, body: { isAdmin: false } },
    });
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/check']);
  });

  it('says the admin area cannot be reached when the sign-in check fails, instead of asking for the password', async () => {
    let up = false;
    const { calls } = renderAdmin('/admin/programs', {
      'GET /api/admin/check': () =>
        up
          ? { status: 200, body: { isAdmin: true } }
          : { status: 503, body: { error: 'The service is temporarily unavailable.' } },
      'GET /api/admin/programs': { status: 200, body: [rows.program(1, { title: 'Sleep Ritual' })] },
    });
    expect(await screen.findByRole('heading', { name: 'The admin area cannot be reached' })).toBeTruthy();
    expect(screen.getByText('The service is temporarily unavailable.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Access' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/admin/programs')).toBe(false);
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Sleep Ritual' })).toBeTruthy();
  });

  it('shows the password form again when an admin call is refused: signed out in another tab', async () => {
    renderAdmin('/admin/programs', {
      'GET /api/admin/programs': { status: 200, body: [rows.program(1, { title: 'Sleep Ritual' })] },
      'GET /api/admin/product-mappings': { status: 401, body: { error: 'Admin sign-in required.' } },
    });
    expect(await screen.findByRole('link', { name: 'Sleep Ritual' })).toBeTruthy();
    // Another tab signs out: the next admin call answers 401, and the check says so too.
    admin['GET /api/admin/check'].body = { isAdmin: false };
    try {
      fireEvent.click(screen.getByRole('link', { name: 'Products' }));
      expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
    } finally {
      admin['GET /api/admin/check'].body = { isAdmin: true };
    }
  });

  it('opens on the programmes list at /admin, with the header and its navigation', async () => {
    renderAdmin('/admin', {
      'GET /api/admin/programs': { status: 200, body: [rows.program(1, { title: 'Sleep Ritual' })] },
    });
    expect(await screen.findByRole('link', { name: 'Sleep Ritual' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Programs' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/admin/products');
  });

  it('opens the back office from the navigation: Members, Orders and Engagement', async () => {
    const answers = {
      'GET /api/admin/programs': { status: 200, body: [] },
      'GET /api/admin/members': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
    };
    const { router } = renderAdmin('/admin/programs', answers);
    const nav = within(await screen.findByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe('/admin/orders');
    expect(nav.getByRole('link', { name: 'Engagement' }).getAttribute('href')).toBe('/admin/engagement');
    expect(nav.getByRole('link', { name: 'Deleted' }).getAttribute('href')).toBe('/admin/deleted');
    fireEvent.click(nav.getByRole('link', { name: 'Members' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/members');
    expect(nav.getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Programs' }).getAttribute('aria-current')).toBeNull();
  });

  it.each([
    '/admin/settings',
    '/admin/members/abc',
    '/admin/programs/abc',
    '/admin/programs/1/phases/0',
    '/admin/programs/1/phases/2/lessons',
  ])('shows the not-found screen at %s', async (url) => {
    renderAdmin(url);
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
  });

  it.each([
    ['/admin/programs/4/phases/5', 'the phase details'],
    ['/admin/programs/4/phases/5/paths', 'the paths list'],
  ])('shows the not-found screen for a phase of another programme: %s (%s)', async (url) => {
    renderAdmin(url, {
      'GET /api/admin/programs/4': { status: 200, body: rows.program(4) },
      'GET /api/admin/phases/5': { status: 200, body: rows.phase(5, { programId: 3 }) },
      'GET /api/admin/phases/5/paths': { status: 200, body: [rows.path(10)] },
    });
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it.each([
    ['/admin/programs/1/phases/6/paths/10', 'another phase'],
    ['/admin/programs/2/phases/5/paths/10/classes', 'another programme'],
  ])('shows the not-found screen for a path at %s (%s)', async (url) => {
    renderAdmin(url, {
      'GET /api/admin/paths/10': {
        status: 200,
        body: { path: rows.path(10), phase: { id: 5, title: 'Phase 5' }, program: { id: 1, title: 'P' } },
      },
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1)] },
      'GET /api/admin/programs/1/phases/6/paths/10': { status: 404, body: { error: 'Path not found' } },
    });
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create New Class/ })).toBeNull();
  });

  it('shows no class of a path at another programme’s address while it is being checked', async () => {
    let answerCrumbs: (() => void) | undefined;
    const { calls } = renderAdmin('/admin/programs/2/phases/5/paths/10/classes', {
      'GET /api/admin/paths/10': () =>
        new Promise((resolve) => {
          answerCrumbs = () =>
            resolve({
              status: 200,
              body: {
                path: rows.path(10),
                phase: { id: 5, title: 'Phase 5' },
                program: { id: 1, title: 'P' },
              },
            });
        }),
      'GET /api/admin/paths/10/classes': { status: 200, body: [rows.lesson(1, { title: 'Night 1' })] },
    });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/paths/10/classes')).toBe(true));
    await waitFor(() => expect(answerCrumbs).toBeDefined());
    expect(await screen.findByText('Loading classes...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Night 1' })).toBeNull();
    answerCrumbs?.();
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeTruthy();
  });

  it('opens a phase at its own programme’s address', async () => {
    renderAdmin('/admin/programs/1/phases/5', {
      'GET /api/admin/programs/1': { status: 200, body: rows.program(1) },
      'GET /api/admin/phases/5': { status: 200, body: rows.phase(5, { title: 'The Ritual' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Ritual' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '404 - Page Not Found' })).toBeNull();
  });

  it('signs the admin out and shows the password form again, asking for no admin data after', async () => {
    const answers = {
      'GET /api/admin/programs': { status: 200, body: [] },
      'POST /api/admin/logout': { status: 200, body: { success: true } },
    };
    const { calls } = renderAdmin('/admin/programs', answers);
    await screen.findByText('No programs found yet.');
    admin['GET /api/admin/check'].body = { isAdmin: false };
    const programCalls = () => calls.filter((call) => call.url === '/api/admin/programs').length;
    const before = programCalls();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
      expect(calls.some((call) => call.method === 'POST' && call.url === '/api/admin/logout')).toBe(true);
      // Spec 001: non-admins see the sign-in form and the admin data calls are disabled.
      expect(programCalls()).toBe(before);
    } finally {
      admin['GET /api/admin/check'].body = { isAdmin: true };
    }
  });

  it('asks before Sign out drops changes typed in a form, and signs out only when told to', async () => {
    const answers = {
      'GET /api/admin/programs/1': { status: 200, body: rows.program(1, { title: 'Sleep Ritual' }) },
      'POST /api/admin/logout': { status: 200, body: { success: true } },
    };
    const { calls } = renderAdmin('/admin/programs/1/edit', answers);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Sleep Ritual II' } });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(confirm).toHaveBeenCalledWith(UNSAVED.leave);
    expect(calls.some((call) => call.url === '/api/admin/logout')).toBe(false);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sleep Ritual II');
    confirm.mockReturnValue(true);
    admin['GET /api/admin/check'].body = { isAdmin: false };
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
      expect(calls.some((call) => call.url === '/api/admin/logout')).toBe(true);
    } finally {
      admin['GET /api/admin/check'].body = { isAdmin: true };
    }
  });

  it("deletes a programme after the spec's confirmation and returns to the list without it", async () => {
    const addOn = rows.program(2, { title: 'Add-On Nights', programType: 'Add On' });
    const answers = {
      'GET /api/admin/programs/2': { status: 200, body: addOn },
      'DELETE /api/admin/programs/2': { status: 200, body: { success: true } },
      'GET /api/admin/programs': { status: 200, body: [rows.program(1), addOn] },
    };
    const { router, requested } = renderAdmin('/admin/programs', answers);
    fireEvent.click(await screen.findByRole('link', { name: 'Add-On Nights' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add-On Nights' })).toBeTruthy();
    expect(screen.getByText('Add On')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Program' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Program' });
    expect(dialog.textContent).toContain('This will hide it from all users but keep the data.');
    answers['GET /api/admin/programs'].body = [rows.program(1)];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Program' }));
    expect(await screen.findByText('Program deleted successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/programs'));
    expect(await screen.findByRole('link', { name: 'Programme 1' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Add-On Nights' })).toBeNull());
    // The deleted programme is not asked for again (it would answer 404); the cached list is, afresh.
    expect(requested().filter((call) => call === 'GET /api/admin/programs/2')).toHaveLength(1);
    expect(requested().filter((call) => call === 'GET /api/admin/programs')).toHaveLength(2);
  });

  it("says 'Program not found' for a deleted or unknown programme", async () => {
    renderAdmin('/admin/programs/99/edit', {
      'GET /api/admin/programs/99': { status: 404, body: { error: 'Program not found' } },
    });
    expect(await screen.findByRole('heading', { name: 'Program not found' })).toBeTruthy();
  });
});
