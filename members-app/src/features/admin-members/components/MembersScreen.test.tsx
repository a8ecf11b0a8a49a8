import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubApi, type StubAnswer } from '../../../test/render.tsx';
import { backOffice } from '../../../test/fixtures/back-office.ts';
import { MembersScreen } from './MembersScreen.tsx';

afterEach(() => vi.unstubAllGlobals());

/** Answers GET /api/admin/members by its query string, recording each search asked. */
function renderMembers(url: string, answer: (query: URLSearchParams) => StubAnswer) {
  const searches: URLSearchParams[] = [];
  stubApi({
    'GET /api/admin/members': ({ url: address }) => {
      const query = new URL(address, 'http://localhost').searchParams;
      searches.push(query);
      return answer(query);
    },
  });
  const view = renderAt(url, '/admin/members', <MembersScreen />);
  return { searches, ...view };
}

const members = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => backOffice.listItem(from + index));

describe('members list', () => {
  it('shows each member with their account state and programmes, linked to their page', async () => {
    renderMembers('/admin/members', () => ({
      status: 200,
      body: backOffice.page([
        backOffice.listItem(7, {
          email: 'maya@example.com',
          hasPassword: true,
          lastSignInAt: '2026-11-02T21:30:00.000Z',
        }),
        backOffice.listItem(8, { email: 'noor@example.com', firstName: null, lastName: null, programs: [] }),
      ]),
    }));
    const table = within(await screen.findByRole('table', { name: 'Members' }));
    expect(screen.getByRole('status').textContent).toBe('2 members');
    const headers = table.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['E-mail', 'Name', 'Has password', 'Created', 'Last sign-in', 'Programs']);
    const maya = within(table.getByRole('row', { name: /maya@example\.com/ }));
    expect(maya.getByRole('link', { name: 'maya@example.com' }).getAttribute('href')).toBe(
      '/admin/members/7',
    );
    expect(maya.getByText('Maya Lindqvist')).toBeTruthy();
    expect(maya.getByText('Yes')).toBeTruthy();
    expect(maya.getByText('Sleep Ritual')).toBeTruthy();
    const noor = within(table.getByRole('row', { name: /noor@example\.com/ }));
    expect(noor.getByText('Never')).toBeTruthy();
    expect(noor.getByText('None')).toBeTruthy();
  });

  it('searches once the admin stops typing, with only what they typed last, from the first page', async () => {
    const { searches, router } = renderMembers('/admin/members?page=3', (query) => ({
      status: 200,
      body: backOffice.page(
        query.get('q') ? [backOffice.listItem(9, { email: 'lindqvist@example.com' })] : members(2),
        {
          total: query.get('q') ? 1 : 60,
          page: Number(query.get('page') ?? 1),
        },
      ),
    }));
    await screen.findByRole('table', { name: 'Members' });
    expect(searches.map((query) => query.toString())).toEqual(['page=3']);

    const box = screen.getByRole('searchbox', { name: 'Search by e-mail or name' });
    for (const text of ['l', 'li', 'lin', ' lindqvist ']) fireEvent.change(box, { target: { value: text } });
    expect(searches).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'lindqvist@example.com' })).toBeTruthy();
    expect(searches.map((query) => query.toString())).toEqual(['page=3', 'q=lindqvist&page=1']);
    expect(screen.getByRole('status').textContent).toBe('1 member matches “lindqvist”');
    expect(router.state.location.search).toBe('?q=lindqvist');
    expect(box).toHaveProperty('value', ' lindqvist ');
  });

  it('pages through the members with Previous and Next', async () => {
    const { searches, router } = renderMembers('/admin/members', (query) => {
      const page = Number(query.get('page') ?? 1);
      return {
        status: 200,
        body: backOffice.page(members(page === 3 ? 5 : 20, (page - 1) * 20 + 1), { total: 45, page }),
      };
    });
    await screen.findByRole('link', { name: 'member-1@example.com' });
    const pager = within(screen.getByRole('navigation', { name: 'Members pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeTruthy();
    expect(pager.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(pager.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'member-21@example.com' })).toBeTruthy();
    fireEvent.click(pager.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'member-45@example.com' })).toBeTruthy();
    expect(pager.getByText('Page 3 of 3')).toBeTruthy();
    expect(pager.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(searches.map((query) => query.get('page'))).toEqual(['1', '2', '3']);
    expect(router.state.location.search).toBe('?page=3');
  });

  it('says when nobody matches, and offers no pages', async () => {
    renderMembers('/admin/members?q=nobody', () => ({ status: 200, body: backOffice.page([]) }));
    expect(await screen.findByText('No members match “nobody”.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Members pages' })).toBeNull();
  });

  it('shows the load error with the server reason, and asks again on Try Again', async () => {
    let fail = true;
    renderMembers('/admin/members', () =>
      fail
        ? { status: 400, body: { error: 'The search is too long.' } }
        : { status: 200, body: backOffice.page(members(1)) },
    );
    expect(await screen.findByRole('heading', { name: 'Error loading members' })).toBeTruthy();
    expect(screen.getByText('The search is too long.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'member-1@example.com' })).toBeTruthy());
  });

  it('offers the members and progress CSV downloads as plain links', async () => {
    renderMembers('/admin/members', () => ({ status: 200, body: backOffice.page([]) }));
    await screen.findByText('No members yet.');
    const members = screen.getByRole('link', { name: 'Download Members CSV' });
    expect(members.getAttribute('href')).toBe('/api/admin/exports/members.csv');
    expect(members.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Download Progress CSV' }).getAttribute('href')).toBe(
      '/api/admin/exports/progress.csv',
    );
  });
});
