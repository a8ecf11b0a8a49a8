import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PREVIEW_HEADER } from '@sleep-ritual/contracts/admin-preview';
import { endAdminPreview, isAdminPreview, startAdminPreviewFromAddress } from '../../lib/admin-preview.ts';
import { FakeVimeoPlayer } from '../../test/fake-vimeo-player.ts';
import { sample } from '../../test/fixtures/catalog.ts';
import { ok, renderRoutes, stubApi } from '../../test/render.tsx';
import { routes } from '../router.tsx';

vi.mock('@vimeo/player', async () => ({
  default: (await import('../../test/fake-vimeo-player.ts')).FakeVimeoPlayer,
}));

const CLASS_URL = '/program/1/path/10/class/101';

/** The tab the admin screens open: the learner's address with ?preview. */
function openPreviewTab(url: string) {
  window.history.replaceState(null, '', `${url}?preview`);
  startAdminPreviewFromAddress();
}

beforeEach(() => {
  FakeVimeoPlayer.instances = [];
});
afterEach(() => {
  endAdminPreview();
  window.history.replaceState(null, '', '/');
});

describe('View as learner', () => {
  it('marks the tab as a preview and takes ?preview off the address', () => {
    openPreviewTab(CLASS_URL);
    expect(isAdminPreview()).toBe(true);
    expect(window.location.pathname + window.location.search).toBe(CLASS_URL);
  });

  it('shows an admin the class page with the preview banner, asks with the preview header and records nothing', async () => {
    openPreviewTab(CLASS_URL);
    const { calls, fetchMock } = stubApi({
      'GET /api/admin/check': ok({ isAdmin: true }),
      // With a position to resume from, so the page has set its player up once the note shows.
      'GET /api/classes/101/details': ok(
        sample.classDetails({
          progress: { maxPositionSec: 30, durationSeconds: 600, percentWatched: 5, completed: false },
        }),
      ),
      'GET /api/paths/10/details': ok(sample.pathDetails()),
    });
    renderRoutes(CLASS_URL, routes);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' }),
    ).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Admin preview' }).textContent).toContain(
      'Nothing you do here is recorded.',
    );
    expect(screen.queryByRole('button', { name: 'Mark as complete' })).toBeNull();
    const detailsCall = fetchMock.mock.calls.find(([url]) =>
      String(url).includes('/api/classes/101/details'),
    );
    expect(new Headers((detailsCall![1] as RequestInit).headers).get(ADMIN_PREVIEW_HEADER)).toBe('1');
    expect(calls.some((call) => call.url === '/api/user')).toBe(false);

    expect(await screen.findByText('Resuming where you left off (0:30)')).toBeTruthy();
    const player = FakeVimeoPlayer.instances[0]!;
    expect(player.listeners.get('play')?.size ?? 0).toBe(0);
    act(() => {
      player.emit('play', { seconds: 40, duration: 600, percent: 0.07 });
      player.emit('pause', { seconds: 42, duration: 600, percent: 0.07 });
    });
    expect(calls.filter((call) => call.url.startsWith('/api/progress'))).toEqual([]);
  });

  it('asks for the admin password when the tab’s session is not an admin one', async () => {
    openPreviewTab(CLASS_URL);
    const { calls } = stubApi({ 'GET /api/admin/check': ok({ isAdmin: false }) });
    renderRoutes(CLASS_URL, routes);
    expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/check']);
  });

  it('an ordinary tab needs the learner sign-in, as before, and sends no preview header', async () => {
    const { fetchMock } = stubApi({ 'GET /api/user': { status: 401, body: { error: 'Not signed in' } } });
    const { router } = renderRoutes(CLASS_URL, routes);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers((init as RequestInit).headers).has(ADMIN_PREVIEW_HEADER)).toBe(false);
    }
  });
});
