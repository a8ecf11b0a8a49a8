import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, reply, stubApi } from '../../../test/render.tsx';
import { renderLearning } from './test-routes.tsx';

const ritual = sample.program();
const addOn = sample.program({
  id: 2,
  title: 'Deep Sleep SOS: The 3 a.m. Reset',
  format: 'Add-On',
  programType: 'Add On',
  programCardFinePrint: 'Add it to your ritual for a one-time $17',
  redirectUrl: null,
  isOwned: false,
});
const full = sample.program({
  id: 3,
  title: 'The Full Transformation Program',
  format: null,
  programCardFinePrint: 'Lifetime access for a one-time $349',
  redirectUrl: '/upgrade',
  isOwned: false,
});

function card(title: string) {
  return screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
}

describe('My programs', () => {
  it('shows owned programmes as open cards and the others locked, with their fine print and targets', async () => {
    stubApi({ 'GET /api/programs': ok([ritual, addOn, full]), 'GET /api/my-programs': ok([ritual]) });
    renderLearning('/my-programs');

    const owned = await waitFor(() => card(ritual.title));
    expect(within(owned).getByRole('button', { name: 'Open Sleep Ritual' })).toBeTruthy();
    expect(within(owned).getByText('You have access to this program')).toBeTruthy();
    expect(within(owned).queryByText('Locked')).toBeNull();

    const locked = card(addOn.title);
    expect(within(locked).getByText('Locked')).toBeTruthy();
    // No redirectUrl: the default purchase page, as a full navigation to the sales site.
    expect(within(locked).getByRole('link', { name: 'Unlock Full Program' }).getAttribute('href')).toBe(
      '/join-now',
    );
    expect(within(locked).getByText('Add it to your ritual for a one-time $17')).toBeTruthy();
    expect(
      within(card(full.title)).getByRole('link', { name: 'Unlock Full Program' }).getAttribute('href'),
    ).toBe('/upgrade');

    for (const img of document.querySelectorAll('img')) {
      expect(img.getAttribute('src')).toMatch(/\/images\/program-card-fallback\.svg$/);
    }
  });

  it("loads the first card's image at once and first (the page's largest paint), the others lazily, each with its size reserved", async () => {
    stubApi({ 'GET /api/programs': ok([ritual, addOn, full]), 'GET /api/my-programs': ok([ritual]) });
    renderLearning('/my-programs');
    await waitFor(() => card(full.title));

    const [first, ...rest] = [ritual, addOn, full].map((program) =>
      card(program.title).querySelector('img')!,
    );
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(first!.getAttribute('fetchpriority')).toBe('high');
    for (const img of rest) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('fetchpriority')).toBeNull();
    }
    for (const img of [first!, ...rest]) {
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '360']);
    }
  });

  it('an owned programme without a format opens as "Open Program"', async () => {
    stubApi({ 'GET /api/programs': ok([full]), 'GET /api/my-programs': ok([full]) });
    renderLearning('/my-programs');
    expect(await screen.findByRole('button', { name: 'Open Program' })).toBeTruthy();
  });

  it('shows the upgrade banner to a learner without programme 3, and hides it from one who owns it', async () => {
    stubApi({ 'GET /api/programs': ok([ritual, full]), 'GET /api/my-programs': ok([ritual]) });
    const first = renderLearning('/my-programs');
    expect(await screen.findByRole('heading', { name: 'Unlock Your Next-Level Self' })).toBeTruthy();
    expect(
      screen.getByText(
        'Upgrade to 12 months of nightly transformation by joining The Full Transformation Program.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');
    first.unmount();

    stubApi({ 'GET /api/programs': ok([ritual, full]), 'GET /api/my-programs': ok([ritual, full]) });
    renderLearning('/programs/my-programs');
    await screen.findByRole('heading', { name: full.title });
    expect(screen.queryByRole('heading', { name: 'Unlock Your Next-Level Self' })).toBeNull();
  });

  it('says "No programs available." when there are none', async () => {
    stubApi({ 'GET /api/programs': ok([]), 'GET /api/my-programs': ok([]) });
    renderLearning('/my-programs');
    expect(await screen.findByText('No programs available.')).toBeTruthy();
  });

  it('says "Failed to load programs. Please try again." when the list fails, and tries again on request', async () => {
    let fail = true;
    const { requested } = stubApi({
      'GET /api/programs': () => (fail ? reply(503) : ok([ritual])),
      'GET /api/my-programs': ok([ritual]),
    });
    renderLearning('/my-programs');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to load programs. Please try again.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open Sleep Ritual' })).toBeTruthy();
    expect(requested().filter((call) => call === 'GET /api/programs')).toHaveLength(2);
  });

  it('opening a programme runs the navigation check and goes straight to its only path when told to skip', async () => {
    const { requested } = stubApi({
      'GET /api/programs': ok([ritual]),
      'GET /api/my-programs': ok([ritual]),
      'GET /api/programs/1/navigation-check': ok({ shouldSkipToPath: true, pathId: 10 }),
    });
    const { router } = renderLearning('/my-programs');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Sleep Ritual' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/program/1/path/10'));
    expect(requested()).toContain('GET /api/programs/1/navigation-check');
  });

  it('goes to the programme page when the check says not to skip', async () => {
    stubApi({
      'GET /api/programs': ok([ritual, full]),
      'GET /api/my-programs': ok([ritual, full]),
      'GET /api/programs/1/navigation-check': ok({ shouldSkipToPath: false, pathId: null }),
    });
    const { router } = renderLearning('/my-programs');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Sleep Ritual' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/program/1'));
  });

  it('goes to the programme page when the check fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      'GET /api/programs': ok([ritual, full]),
      'GET /api/my-programs': ok([ritual, full]),
      'GET /api/programs/3/navigation-check': reply(500),
    });
    const { router } = renderLearning('/my-programs');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/program/3'));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('offers "Tonight: Night N – title" on an owned programme, opening that class in one tap, with the nights done', async () => {
    stubApi({
      'GET /api/programs': ok([ritual, addOn]),
      'GET /api/my-programs': ok([ritual]),
      'GET /api/my-programs/tonight': ok([sample.tonight({ completedCount: 3 })]),
    });
    const { router } = renderLearning('/my-programs');
    const tonight = await screen.findByRole('link', {
      name: 'Tonight: Night 2 – The Breath That Slows the Heart',
    });
    const owned = card(ritual.title);
    expect(owned.contains(tonight)).toBe(true);
    expect(within(owned).getByText('3 of 6 nights')).toBeTruthy();
    expect(document.title).toBe('Your Programs · Sleep Ritual');
    expect(within(card(addOn.title)).queryByText(/Tonight/)).toBeNull();
    fireEvent.click(tonight);
    await waitFor(() => expect(router.state.location.pathname).toBe('/program/1/path/10/class/102'));
  });

  /** My programs with the ritual owned and its night to play again, after `completedCount` nights. */
  function renderRepeat(counts: { completedCount: number; classCount?: number }) {
    stubApi({
      'GET /api/programs': ok([ritual]),
      'GET /api/my-programs': ok([ritual]),
      'GET /api/my-programs/tonight': ok([
        sample.tonight({ classId: 101, label: 'Night 1', title: 'Arriving', repeat: true, ...counts }),
      ]),
    });
    renderLearning('/my-programs');
  }

  it('after the last night, offers the first again as a repeat', async () => {
    renderRepeat({ completedCount: 6 });
    expect(await screen.findByRole('link', { name: 'Tonight, once more: Night 1 – Arriving' })).toBeTruthy();
    expect(screen.getByText(/6 of 6 nights · all done/)).toBeTruthy();
  });

  it('does not call the ritual done while nights locked for now remain', async () => {
    renderRepeat({ completedCount: 1, classCount: 4 });
    expect(await screen.findByText('1 of 4 nights · the next nights are not open yet')).toBeTruthy();
    expect(screen.queryByText(/all done/)).toBeNull();
  });

  it('while the next night waits, says when it opens and offers the open nights to listen to again', async () => {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    stubApi({
      'GET /api/programs': ok([ritual]),
      'GET /api/my-programs': ok([ritual]),
      'GET /api/my-programs/tonight': ok([
        sample.tonight({
          opensAt: tomorrow.toISOString(),
          completedCount: 1,
          listenAgain: [{ classId: 101, label: 'Night 1', title: 'Arriving: Letting the Day Go' }],
        }),
      ]),
    });
    renderLearning('/my-programs');
    expect(await screen.findByText(/Night 2 – The Breath That Slows the Heart opens tomorrow/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Tonight/ })).toBeNull();
    expect(screen.getByText('1 of 6 nights')).toBeTruthy();
    const again = screen.getByRole('navigation', { name: 'Listen again' });
    expect(
      within(again)
        .getByRole('link', { name: 'Night 1 – Arriving: Letting the Day Go' })
        .getAttribute('href'),
    ).toBe('/program/1/path/10/class/101');
  });

  it('still opens every programme when "Tonight" cannot be loaded', async () => {
    stubApi({
      'GET /api/programs': ok([ritual]),
      'GET /api/my-programs': ok([ritual]),
      'GET /api/my-programs/tonight': reply(500),
    });
    renderLearning('/my-programs');
    expect(await screen.findByRole('button', { name: 'Open Sleep Ritual' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Tonight/ })).toBeNull();
  });

  it('offline, says so and how to listen to saved nights instead of an error, and loads by itself when the network returns', async () => {
    const offline = () => {
      throw new TypeError('Failed to fetch');
    };
    stubApi({ 'GET /api/programs': offline, 'GET /api/my-programs': offline });
    renderLearning('/my-programs');

    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(await screen.findByText(/No nights are saved on this device yet/)).toBeTruthy();
    expect(screen.queryByText('Failed to load programs. Please try again.')).toBeNull();

    stubApi({ 'GET /api/programs': ok([ritual]), 'GET /api/my-programs': ok([ritual]) });
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'Your Programs' })).toBeTruthy();
    expect(card(ritual.title)).toBeTruthy();
  });
});
