import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeletedEntry } from '@sleep-ritual/contracts/admin';
import { renderAt, stubApi } from '../../../test/render.tsx';
import { DeletedScreen } from './DeletedScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

const program = { level: 'program', id: 1, title: 'Sleep Ritual' } as const;
const phase = { level: 'phase', id: 5, title: 'The Ritual' } as const;
const path = { level: 'path', id: 10, title: 'Six Nights' } as const;

const pathEntry: DeletedEntry = {
  ...path,
  label: null,
  deletedAt: '2026-11-29T06:10:00.000Z',
  within: [program, phase],
  blockedBy: null,
};
const classEntry: DeletedEntry = {
  level: 'class',
  id: 3,
  title: 'Night 3',
  label: 'Night 3',
  deletedAt: '2026-11-28T21:00:00.000Z',
  within: [program, phase, path],
  blockedBy: 'path',
};

function renderDeleted(answers: Parameters<typeof stubApi>[0]) {
  const stub = stubApi(answers);
  renderAt('/admin/deleted', '/admin/deleted', <DeletedScreen />);
  return stub;
}

describe('deleted content', () => {
  it('lists each deletion with where it was, and restores one: the list is asked again', async () => {
    const answers = {
      'GET /api/admin/deleted': { status: 200, body: [pathEntry, classEntry] },
      'POST /api/admin/deleted/path/10/restore': {
        status: 200,
        body: { success: true, level: 'path', id: 10, title: 'Six Nights', rows: 3 },
      },
    };
    const { calls } = renderDeleted(answers);
    expect(screen.getByText('Loading deleted content...')).toBeTruthy();
    const list = within(await screen.findByRole('list', { name: 'Deleted content' }));
    const [pathRow, classRow] = list.getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(pathRow).getByRole('heading', { name: 'Six Nights' })).toBeTruthy();
    expect(pathRow.textContent).toContain('Path');
    expect(pathRow.textContent).toContain('In Sleep Ritual › The Ritual');
    expect(
      within(pathRow)
        .getByText(/^Deleted/)
        .querySelector('time')
        ?.getAttribute('dateTime'),
    ).toBe(pathEntry.deletedAt);
    // Under a deleted path: it cannot come back before the path, and says so to a screen reader too.
    const blocked = within(classRow).getByRole('button', { name: 'Restore Night 3' });
    expect(blocked.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(blocked.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Its path is deleted too: restore the path first.',
    );
    fireEvent.click(blocked);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    answers['GET /api/admin/deleted'].body = [{ ...classEntry, blockedBy: null }];
    fireEvent.click(within(pathRow).getByRole('button', { name: 'Restore Six Nights' }));
    expect(await screen.findByText('Path restored successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Six Nights' })).toBeNull());
    const now = screen.getByRole('button', { name: 'Restore Night 3' });
    expect(now.getAttribute('aria-disabled')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/admin/deleted/path/10/restore',
    ]);
  });

  it('says when nothing was deleted', async () => {
    renderDeleted({ 'GET /api/admin/deleted': { status: 200, body: [] } });
    expect(await screen.findByText('Nothing has been deleted.')).toBeTruthy();
  });

  it("shows the server's reason when a restore is refused, and the load error with Try Again", async () => {
    renderDeleted({
      'GET /api/admin/deleted': { status: 200, body: [{ ...classEntry, blockedBy: null }] },
      'POST /api/admin/deleted/class/3/restore': {
        status: 409,
        body: { error: 'Restore its path first: it is deleted too.' },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Night 3' }));
    expect(await screen.findByText('Failed to restore class')).toBeTruthy();
    expect(screen.getAllByText(/Restore its path first/).length).toBeGreaterThan(0);
  });

  it('offers Try Again when the list cannot be read', async () => {
    renderDeleted({ 'GET /api/admin/deleted': { status: 503, body: { error: 'Service unavailable' } } });
    expect(await screen.findByText('Error loading deleted content')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
