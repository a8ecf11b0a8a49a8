import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClassProgress, NavigationCheck } from '@sleep-ritual/contracts/catalog';
import { learningKeys } from '../api/keys.ts';
import { CLASS_DETAILS_GC_MS, CLASS_DETAILS_STALE_MS } from '../api/get-class-details.ts';
import { FakeVimeoPlayer } from '../../../test/fake-vimeo-player.ts';
import { MemoryCaches } from '../../../test/memory-caches.ts';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, reply, stubApi } from '../../../test/render.tsx';
import { renderLearning } from './test-routes.tsx';

vi.mock('@vimeo/player', async () => ({
  default: (await import('../../../test/fake-vimeo-player.ts')).FakeVimeoPlayer,
}));

const PATH_URL = '/program/1/path/10';
const noSkip: NavigationCheck = { shouldSkipToPath: false, pathId: null };
const skip: NavigationCheck = { shouldSkipToPath: true, pathId: 10 };

const watched = (maxPositionSec: number, completed: boolean): ClassProgress => ({
  maxPositionSec,
  durationSeconds: 600,
  percentWatched: Math.floor((maxPositionSec * 100) / 600),
  completed,
});

function row(title: string) {
  return screen.getByText(title).closest('li') as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Path page', () => {
  it('"Save all nights for offline" saves the open nights whose track can be saved, and afterwards says they are saved', async () => {
    vi.stubGlobal('caches', new MemoryCaches());
    stubApi({
      'GET /api/paths/10/details': ok(
        sample.pathDetails({
          classes: [
            sample.pathClass(101),
            // A night whose track is elsewhere, or that has none, cannot be saved.
            sample.pathClass(102, { savableOffline: false }),
          ],
        }),
      ),
      'GET /api/programs/1/navigation-check': ok(noSkip),
      'GET /api/classes/101/details': ok(
        sample.classDetails({ id: 101, audioUrl: '/media/demo/night-1.wav' }),
      ),
      'GET /media/demo/night-1.wav': ok({ track: 'night one' }),
      'GET /api/user': ok({ id: 7, email: 'sam@example.com', firstName: 'Sam', lastName: null }),
    });
    const view = renderLearning(PATH_URL);
    (await screen.findByRole('button', { name: 'Save all nights for offline' })).click();
    expect(await screen.findByText(/1 night saved\s+for offline/)).toBeTruthy();
    view.unmount();

    renderLearning(PATH_URL);
    expect(await screen.findByText(/1 night saved\s+for offline/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save all nights for offline' })).toBeNull();
  });

  it('a night that opens while the page is open shows open when its moment comes, without a reload', async () => {
    // Half a second after the first answer, however long the first render takes.
    let opensAt: string | undefined;
    let asked = 0;
    stubApi({
      'GET /api/paths/10/details': () => {
        asked += 1;
        opensAt ??= new Date(Date.now() + 500).toISOString();
        const opened = Date.now() >= Date.parse(opensAt);
        return ok(
          sample.pathDetails({
            classes: [
              sample.pathClass(101, { progress: watched(600, true) }),
              sample.pathClass(102, opened ? {} : { isUnlocked: false, opensAt }),
            ],
          }),
        );
      },
      'GET /api/programs/1/navigation-check': ok(noSkip),
    });
    renderLearning(PATH_URL);
    expect(await screen.findByText('Class 102')).toBeTruthy();
    expect(within(row('Class 102')).queryByRole('link')).toBeNull();

    expect(
      await within(row('Class 102')).findByRole('link', { name: 'Class 102' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('shows the phase, path, description and each class with label, title, description and "N Minutes"', async () => {
    stubApi({
      'GET /api/paths/10/details': ok(
        sample.pathDetails({
          classes: [
            sample.pathClass(101, { progress: watched(600, true) }),
            sample.pathClass(102, { progress: watched(240, false) }),
            sample.pathClass(103, { isUnlocked: false }),
          ],
        }),
      ),
      'GET /api/programs/1/navigation-check': ok(noSkip),
    });
    renderLearning(PATH_URL);

    expect(await screen.findByRole('heading', { level: 1, name: 'Six Nights to Deeper Sleep' })).toBeTruthy();
    expect(screen.getByText('The Ritual')).toBeTruthy();
    expect(screen.getByText('Listen to one track a night, in order.')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toMatch(/\/images\/path-cover-fallback\.svg$/);
    expect(screen.getByText('1 of 3 classes completed')).toBeTruthy();

    const done = row('Class 101');
    expect(within(done).getByText('Night 101')).toBeTruthy();
    expect(within(done).getByText('About class 101.')).toBeTruthy();
    expect(within(done).getByText('116 Minutes')).toBeTruthy();
    expect(within(done).getByText('Completed')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Class 101' }).getAttribute('href')).toBe(
      '/program/1/path/10/class/101',
    );

    const started = row('Class 102');
    expect(within(started).getByText('40% played')).toBeTruthy();
    expect(within(started).queryByText('Completed')).toBeNull();

    const locked = row('Class 103');
    expect(within(locked).queryByRole('link')).toBeNull();
    expect(within(locked).getByText('Locked')).toBeTruthy();
  });

  it('says when a class that opens days after the purchase opens, in the learner’s time zone, and does not link it', async () => {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 21, 0);
    const later = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 4, 21, 0);
    stubApi({
      'GET /api/paths/10/details': ok(
        sample.pathDetails({
          classes: [
            sample.pathClass(101),
            sample.pathClass(102, { isUnlocked: false, opensAt: tomorrow.toISOString() }),
            sample.pathClass(103, { isUnlocked: false, opensAt: later.toISOString() }),
          ],
        }),
      ),
      'GET /api/programs/1/navigation-check': ok(noSkip),
    });
    renderLearning(PATH_URL);

    await screen.findByText('Class 102');
    const next = row('Class 102');
    expect(within(next).queryByRole('link')).toBeNull();
    expect(within(next).getByText('Opens tomorrow')).toBeTruthy();
    const dateLabel = later.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
    expect(within(row('Class 103')).getByText(`Opens on ${dateLabel}`)).toBeTruthy();
    expect(within(row('Class 103')).queryByText('Locked')).toBeNull();
  });

  it('goes back to the programme overview, or to all programmes when the programme opens straight on this path', async () => {
    stubApi({
      'GET /api/paths/10/details': ok(sample.pathDetails()),
      'GET /api/programs/1/navigation-check': ok(noSkip),
    });
    const first = renderLearning(PATH_URL);
    const overview = await screen.findByRole('link', { name: 'Back to Program Overview' });
    expect(overview.getAttribute('href')).toBe('/program/1');
    first.unmount();

    stubApi({
      'GET /api/paths/10/details': ok(sample.pathDetails()),
      'GET /api/programs/1/navigation-check': ok(skip),
    });
    renderLearning(PATH_URL);
    expect((await screen.findByRole('link', { name: 'Back to All Programs' })).getAttribute('href')).toBe(
      '/my-programs',
    );
    expect(screen.queryByRole('link', { name: 'Back to Program Overview' })).toBeNull();
  });

  it('fetches the class pages the learner may open ahead, kept fresh 10 minutes and for 30', async () => {
    const { requested } = stubApi({
      'GET /api/paths/10/details': ok(
        sample.pathDetails({
          classes: [
            sample.pathClass(101),
            sample.pathClass(102),
            sample.pathClass(103, { isUnlocked: false }),
          ],
        }),
      ),
      'GET /api/programs/1/navigation-check': ok(skip),
      'GET /api/classes/101/details': ok(sample.classDetails()),
      'GET /api/classes/102/details': ok(sample.classDetails({ id: 102, title: 'Class 102' })),
    });
    const { queryClient, router } = renderLearning(PATH_URL);
    await waitFor(() => expect(requested()).toContain('GET /api/classes/102/details'));
    expect(requested()).toContain('GET /api/classes/101/details');
    expect(requested()).not.toContain('GET /api/classes/103/details');

    const cached = queryClient.getQueryCache().find({ queryKey: learningKeys.classDetails(101) });
    await waitFor(() => expect(cached?.state.status).toBe('success'));
    expect(cached?.isStale()).toBe(false);
    expect((cached?.options as { staleTime?: number }).staleTime).toBe(CLASS_DETAILS_STALE_MS);
    expect(cached?.gcTime).toBe(CLASS_DETAILS_GC_MS);

    // Opening the class now needs no further call.
    const before = requested().length;
    await router.navigate('/program/1/path/10/class/101');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' }),
    ).toBeTruthy();
    expect(
      requested()
        .slice(before)
        .filter((call) => call.includes('/api/classes/')),
    ).toEqual([]);
    await waitFor(() => expect(FakeVimeoPlayer.instances.length).toBeGreaterThan(0));
  });

  it('shows a skeleton while loading', () => {
    stubApi({
      'GET /api/paths/10/details': () => new Promise(() => {}),
      'GET /api/programs/1/navigation-check': ok(skip),
    });
    renderLearning(PATH_URL);
    expect(document.querySelector('[aria-busy="true"]')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading path...');
  });

  it('says "No classes available in this path yet." for an empty path', async () => {
    stubApi({
      'GET /api/paths/10/details': ok(sample.pathDetails({ classes: [] })),
      'GET /api/programs/1/navigation-check': ok(skip),
    });
    renderLearning(PATH_URL);
    expect(await screen.findByText('No classes available in this path yet.')).toBeTruthy();
  });

  it('says "Path Not Found" for an unknown path or one of another programme, "Error Loading Path" otherwise', async () => {
    stubApi({
      'GET /api/paths/404/details': reply(404),
      'GET /api/programs/1/navigation-check': ok(skip),
      'GET /api/paths/10/details': ok(sample.pathDetails({ programId: 2 })),
      'GET /api/paths/11/details': reply(403, { error: "You don't have access to this program." }),
    });
    const first = renderLearning('/program/1/path/404');
    expect(await screen.findByRole('heading', { name: 'Path Not Found' })).toBeTruthy();
    expect(screen.getByText('The requested path could not be found.')).toBeTruthy();
    first.unmount();

    const second = renderLearning(PATH_URL);
    expect(await screen.findByRole('heading', { name: 'Path Not Found' })).toBeTruthy();
    second.unmount();

    renderLearning('/program/1/path/11');
    expect(await screen.findByRole('heading', { name: 'Error Loading Path' })).toBeTruthy();
    expect(screen.getByText("You don't have access to this program.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to All Programs' })).toBeTruthy();
  });

  it('highlights the class to listen to next, and names the path in the document title', async () => {
    stubApi({
      'GET /api/paths/10/details': ok(
        sample.pathDetails({
          classes: [
            sample.pathClass(101, {
              progress: { maxPositionSec: 960, durationSeconds: 960, percentWatched: 100, completed: true },
            }),
            sample.pathClass(102),
            sample.pathClass(103),
          ],
          nextClassId: 102,
        }),
      ),
      'GET /api/programs/1/navigation-check': ok(skip),
    });
    renderLearning(PATH_URL);
    const next = (await screen.findByRole('link', { name: 'Class 102' })).closest('li')!;
    expect(next.className).toContain('is-next');
    expect(next.textContent).toContain('Up next');
    expect(screen.getAllByText('Up next')).toHaveLength(1);
    expect(document.title).toBe('Six Nights to Deeper Sleep · Sleep Ritual');
  });
});
