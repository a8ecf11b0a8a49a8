import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, reply, stubApi } from '../../../test/render.tsx';
import { renderLearning } from './test-routes.tsx';

vi.mock('@vimeo/player', async () => ({
  default: (await import('../../../test/fake-vimeo-player.ts')).FakeVimeoPlayer,
}));

function card(title: string) {
  return screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
}

describe('Programme page', () => {
  it('shows cover art, title, description and the phases with their path cards', async () => {
    stubApi({
      'GET /api/programs/3/hierarchy': ok(sample.hierarchy()),
      'GET /api/paths/1/classes': ok([
        sample.pathClass(7, { label: 'Week 1', title: 'The Evening Wind-Down', durationMinutes: 18 }),
      ]),
      'GET /api/classes/7/details': ok(sample.classDetails({ id: 7 })),
    });
    renderLearning('/program/3');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The Full Transformation Program' }),
    ).toBeTruthy();
    expect(screen.getByText('Twelve months of nightly practice.')).toBeTruthy();
    expect(document.querySelector('img.cover-image')?.getAttribute('src')).toMatch(
      /program-cover-fallback\.svg$/,
    );
    expect(screen.getByRole('link', { name: 'Back to All Programs' }).getAttribute('href')).toBe(
      '/my-programs',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Foundations of Rest' })).toBeTruthy();

    const open = card('Path 1');
    expect(within(open).getByRole('link', { name: 'View Sessions' }).getAttribute('href')).toBe(
      '/program/3/path/1',
    );
    expect(within(open).getByText('2 of 6 classes completed')).toBeTruthy();

    const locked = card('Path 2');
    const soon = within(locked).getByRole('button', { name: 'Unlocking Soon' }) as HTMLButtonElement;
    expect(soon.disabled).toBe(true);
    expect(within(locked).queryByRole('link')).toBeNull();

    // The class list of the first path the learner may open, as a preview.
    expect(await screen.findByText('Week 1: The Evening Wind-Down')).toBeTruthy();
    expect(screen.getByText('18 min')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: '✨ Start Reprogramming While You Sleep ✨' }).getAttribute('href'),
    ).toBe('/program/3/path/1');
  });

  it('offline, says so and lists the nights saved on the device, as the other screens do, not an error', async () => {
    stubApi({
      'GET /api/programs/3/hierarchy': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderLearning('/program/3');
    expect(await screen.findByRole('heading', { level: 1, name: "You're offline" })).toBeTruthy();
    expect(screen.queryByText('Error Loading Program')).toBeNull();
  });

  it('says "This program is still being set up. Check back soon!" when it has no paths yet', async () => {
    const { requested } = stubApi({ 'GET /api/programs/3/hierarchy': ok(sample.hierarchy({ phases: [] })) });
    renderLearning('/program/3');
    expect(await screen.findByText('This program is still being set up. Check back soon!')).toBeTruthy();
    expect(requested().some((call) => call.includes('/api/paths/'))).toBe(false);
  });

  it('says "Program Not Found" for an unknown programme and "Error Loading Program" when it fails', async () => {
    stubApi({
      'GET /api/programs/999999/hierarchy': reply(404),
      'GET /api/programs/2/hierarchy': reply(403, { error: "You don't have access to this program." }),
    });
    const first = renderLearning('/program/999999');
    expect(await screen.findByRole('heading', { name: 'Program Not Found' })).toBeTruthy();
    expect(screen.getByText('The requested program could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to All Programs' }).getAttribute('href')).toBe(
      '/my-programs',
    );
    first.unmount();

    renderLearning('/program/2');
    expect(await screen.findByRole('heading', { name: 'Error Loading Program' })).toBeTruthy();
    expect(
      screen.getByText('There was an error loading the program details.', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText("You don't have access to this program.")).toBeTruthy();
  });

  it('a direct link to a programme not owned shows its offer: title, fine print and the unlock button', async () => {
    stubApi({
      'GET /api/programs/2/hierarchy': reply(403, { error: "You don't have access to this program." }),
      'GET /api/programs': ok([
        sample.program(),
        sample.program({
          id: 2,
          title: 'Deep Sleep SOS: The 3 a.m. Reset',
          programCardFinePrint: 'Add it to your ritual for a one-time $17',
          redirectUrl: null,
          isOwned: false,
        }),
      ]),
    });
    renderLearning('/program/2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deep Sleep SOS: The 3 a.m. Reset' }),
    ).toBeTruthy();
    expect(screen.getByText('Add it to your ritual for a one-time $17')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unlock Full Program' }).getAttribute('href')).toBe('/join-now');
    expect(screen.queryByText('Error Loading Program')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Deep Sleep SOS: The 3 a.m. Reset · Sleep Ritual'));
  });

  it('previews the first open path that has classes, never an empty one', async () => {
    const { requested } = stubApi({
      'GET /api/programs/3/hierarchy': ok(
        sample.hierarchy({
          phases: [
            {
              ...sample.hierarchy().phases[0]!,
              paths: [
                sample.hierarchyPath(1, { classCount: 0 }),
                sample.hierarchyPath(2, { isUnlocked: false }),
                sample.hierarchyPath(4),
              ],
            },
          ],
        }),
      ),
      'GET /api/paths/4/classes': ok([sample.pathClass(7, { label: 'Week 1', title: 'Wind-Down' })]),
    });
    renderLearning('/program/3');
    expect(await screen.findByText('Week 1: Wind-Down')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: '✨ Start Reprogramming While You Sleep ✨' }).getAttribute('href'),
    ).toBe('/program/3/path/4');
    expect(requested()).not.toContain('GET /api/paths/1/classes');
    expect(document.title).toBe('The Full Transformation Program · Sleep Ritual');
  });
});
