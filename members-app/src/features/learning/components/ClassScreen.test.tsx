import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeVimeoPlayer } from '../../../test/fake-vimeo-player.ts';
import { MemoryCaches } from '../../../test/memory-caches.ts';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, reply, stubApi, type StubAnswer } from '../../../test/render.tsx';
import { renderLearning } from './test-routes.tsx';

vi.mock('@vimeo/player', async () => ({
  default: (await import('../../../test/fake-vimeo-player.ts')).FakeVimeoPlayer,
}));

const CLASS_URL = '/program/1/path/10/class/101';

beforeEach(() => {
  FakeVimeoPlayer.instances = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function playerOnPage() {
  await waitFor(() => expect(FakeVimeoPlayer.instances).toHaveLength(1));
  return FakeVimeoPlayer.instances[0]!;
}

describe('Class page', () => {
  it('shows the back link, "phase • path", title, description and the Vimeo player with the spec options', async () => {
    stubApi({ 'GET /api/classes/101/details': ok(sample.classDetails()) });
    renderLearning(CLASS_URL);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/program/1/path/10');
    expect(screen.getByText('The Ritual • Six Nights to Deeper Sleep')).toBeTruthy();
    expect(screen.getByText('A slow body scan.')).toBeTruthy();

    const player = await playerOnPage();
    const iframe = player.element as HTMLIFrameElement;
    expect(iframe.tagName).toBe('IFRAME');
    expect(iframe.title).toBe('Arriving: Letting the Day Go');
    expect(iframe.src).toBe('https://player.vimeo.com/video/76979871?dnt=1&title=0&byline=0&portrait=0');
    expect(iframe.parentElement?.className).toBe('video-box');
  });

  it('offline, shows a dark note in place of the video, and the player once the network returns, kept through a moment offline', async () => {
    stubApi({ 'GET /api/classes/101/details': ok(sample.classDetails()) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderLearning(CLASS_URL);
      const box = await screen.findByTestId('class-video');
      expect(within(box).getByText('The video needs a connection.')).toBeTruthy();
      expect(box.querySelector('iframe')).toBeNull();

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      const player = await playerOnPage();
      expect(player.element.parentElement).toBe(box);
      expect(within(box).queryByText('The video needs a connection.')).toBeNull();

      // A moment offline (Wi-Fi handing over to mobile data) keeps the player and what it buffered.
      onLine.mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
      expect(player.element.isConnected).toBe(true);
      expect(FakeVimeoPlayer.instances).toHaveLength(1);
    } finally {
      onLine.mockRestore();
    }
  });

  it('records watching: PUTs play and pause, and sends exit by beacon when the learner leaves', async () => {
    const bodies: unknown[] = [];
    stubApi({
      'GET /api/classes/101/details': ok(sample.classDetails()),
      'PUT /api/progress/101': (request) => {
        bodies.push(JSON.parse(String(request.body)));
        return ok(sample.progressRecord({ maxPositionSec: 42, percentWatched: 7 }));
      },
    });
    const beacons: { url: string; body: string; type: string }[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string, blob: Blob) => {
        void blob.text().then((body) => beacons.push({ url, body, type: blob.type }));
        return true;
      },
    });
    const view = renderLearning(CLASS_URL);
    const player = await playerOnPage();
    await waitFor(() => expect(player.listeners.get('play')?.size).toBe(1));

    act(() => {
      player.emit('play', { seconds: 40, duration: 600, percent: 0.07 });
      player.emit('pause', { seconds: 42.6, duration: 600, percent: 0.07 });
    });
    await waitFor(() =>
      expect(bodies).toEqual([
        { position_sec: 40, duration_sec: 600, event_type: 'play' },
        { position_sec: 42, duration_sec: 600, event_type: 'pause' },
      ]),
    );

    view.unmount();
    await waitFor(() =>
      expect(beacons).toEqual([
        {
          url: '/api/progress/101',
          body: JSON.stringify({ position_sec: 42, duration_sec: 600, event_type: 'exit' }),
          type: 'text/plain;charset=utf-8',
        },
      ]),
    );
    expect(player.destroyed).toBe(true);
  });

  it('resumes at the furthest position of a class not yet completed, and says so', async () => {
    stubApi({
      'GET /api/classes/101/details': ok(
        sample.classDetails({
          progress: { maxPositionSec: 125, durationSeconds: 600, percentWatched: 20, completed: false },
        }),
      ),
    });
    renderLearning(CLASS_URL);
    const player = await playerOnPage();
    // The live region is on the page before it speaks: wait for what it says.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Resuming where you left off (2:05)'),
    );
    expect(player.seeks).toEqual([125]);
  });

  it('starts a completed class from the beginning and marks it completed', async () => {
    const { requested } = stubApi({
      'GET /api/classes/101/details': ok(
        sample.classDetails({
          progress: { maxPositionSec: 600, durationSeconds: 600, percentWatched: 100, completed: true },
        }),
      ),
      'PUT /api/progress/101': ok(sample.progressRecord({ maxPositionSec: 600, completed: true })),
    });
    renderLearning(CLASS_URL);
    const player = await playerOnPage();
    expect(screen.getByText(/You've completed this class/)).toBeTruthy();
    // A resume would seek as soon as the player is ready; the learner pressing play, and its report
    // reaching the server, come well after that, so no seek by then means none at all.
    await waitFor(() => expect(player.listeners.get('play')?.size).toBe(1));
    act(() => player.emit('play', { seconds: 0, duration: 600, percent: 0 }));
    await waitFor(() => expect(requested()).toContain('PUT /api/progress/101'));
    expect(player.seeks).toEqual([]);
    expect(screen.queryByText(/Resuming where you left off/)).toBeNull();
  });

  it('without a video, offers the additional content in a new tab, labelled "Read the Guide" when unlabelled', async () => {
    stubApi({
      'GET /api/classes/101/details': ok(
        sample.classDetails({
          vimeoVideoId: null,
          vimeoId: null,
          additionalContentUrl: 'https://example.com/guide.pdf',
          additionalContentButtonLabel: '',
        }),
      ),
    });
    renderLearning(CLASS_URL);
    const link = await screen.findByRole('link', { name: /Read the Guide/ });
    expect(link.getAttribute('href')).toBe('https://example.com/guide.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByTestId('class-video')).toBeNull();
  });

  it('offers "Save for offline" for a track of our media, not for one at an address elsewhere, which plays all the same', async () => {
    vi.stubGlobal('caches', new MemoryCaches());
    const night = (audioUrl: string) =>
      ok(sample.classDetails({ vimeoVideoId: null, vimeoId: null, audioUrl }));
    stubApi({ 'GET /api/classes/101/details': night('/media/demo/night-1.wav') });
    const ours = renderLearning(CLASS_URL);
    expect(await screen.findByRole('button', { name: 'Save for offline' })).toBeTruthy();
    ours.unmount();

    stubApi({ 'GET /api/classes/101/details': night('https://cdn.example/night-1.mp3') });
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save for offline' })).toBeNull();
  });

  it('a night with a track and a guide but no video offers both: Listen, and the guide in a new tab', async () => {
    stubApi({
      'GET /api/classes/101/details': ok(
        sample.classDetails({
          vimeoVideoId: null,
          vimeoId: null,
          audioUrl: '/media/0123456789abcdef0123456789abcdef.mp3',
          additionalContentUrl: 'https://example.com/guide.pdf',
          additionalContentButtonLabel: '',
        }),
      ),
    });
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /Read the Guide/ });
    expect(link.getAttribute('href')).toBe('https://example.com/guide.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('without a video, shows the class cover in the video’s place, and with one, does not', async () => {
    const cover = '/media/0123456789abcdef0123456789abcdef.webp';
    stubApi({
      'GET /api/classes/101/details': ok(
        sample.classDetails({ vimeoVideoId: null, vimeoId: null, coverArtUrl: cover }),
      ),
    });
    const view = renderLearning(CLASS_URL);
    expect(await screen.findByText('No content available for this class yet.')).toBeTruthy();
    expect(view.container.querySelector('img.class-cover')?.getAttribute('src')).toBe(cover);
    view.unmount();

    stubApi({ 'GET /api/classes/101/details': ok(sample.classDetails({ coverArtUrl: cover })) });
    const withVideo = renderLearning(CLASS_URL);
    await playerOnPage();
    expect(withVideo.container.querySelector('img.class-cover')).toBeNull();
  });

  it('uses the additional content label when there is one, and a URL with no Vimeo id shows no player', async () => {
    stubApi({
      'GET /api/classes/101/details': ok(
        sample.classDetails({
          vimeoVideoId: 'https://example.com/not-vimeo',
          vimeoId: null,
          additionalContentUrl: '/guide',
          additionalContentButtonLabel: 'Download the Workbook',
        }),
      ),
    });
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('link', { name: /Download the Workbook/ })).toBeTruthy();
    expect(screen.queryByTestId('class-video')).toBeNull();
  });

  it('says "No content available for this class yet." with neither a video nor additional content', async () => {
    stubApi({
      'GET /api/classes/101/details': ok(sample.classDetails({ vimeoVideoId: null, vimeoId: null })),
    });
    renderLearning(CLASS_URL);
    expect(await screen.findByText('No content available for this class yet.')).toBeTruthy();
  });

  it('keeps the night on the page, its player playing, whatever a later refetch meets: offline, a server error, a refusal', async () => {
    let answer: StubAnswer | 'network' = ok(sample.classDetails());
    stubApi({
      'GET /api/classes/101/details': () => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return answer;
      },
    });
    const view = renderLearning(CLASS_URL);
    const title = { level: 1, name: 'Arriving: Letting the Day Go' } as const;
    expect(await screen.findByRole('heading', title)).toBeTruthy();
    const player = await playerOnPage();
    for (const next of ['network', reply(503), reply(403, { error: 'This class is locked.' })] as const) {
      answer = next;
      await act(() => view.queryClient.refetchQueries());
      expect(screen.getByRole('heading', title), String(next)).toBeTruthy();
      expect(screen.queryByText('Error Loading Class')).toBeNull();
    }
    expect(FakeVimeoPlayer.instances).toEqual([player]);
  });

  it('says "Class Not Found" for an unknown class, a class of another path, or an id that is not one', async () => {
    stubApi({
      'GET /api/classes/404/details': reply(404, { error: 'The requested class could not be found.' }),
      'GET /api/classes/101/details': ok(sample.classDetails({ pathId: 11 })),
    });
    const first = renderLearning('/program/1/path/10/class/404');
    expect(await screen.findByRole('heading', { name: 'Class Not Found' })).toBeTruthy();
    expect(screen.getByText('The requested class could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/program/1/path/10');
    first.unmount();

    const second = renderLearning(CLASS_URL);
    expect(await screen.findByRole('heading', { name: 'Class Not Found' })).toBeTruthy();
    second.unmount();

    const { requested } = stubApi({});
    renderLearning('/program/1/path/10/class/abc');
    expect(await screen.findByRole('heading', { name: 'Class Not Found' })).toBeTruthy();
    expect(requested()).toEqual([]);
  });

  it('says "Error Loading Class" with the reason when the class is refused (locked)', async () => {
    stubApi({ 'GET /api/classes/101/details': reply(403, { error: 'This class is not unlocked yet.' }) });
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('heading', { name: 'Error Loading Class' })).toBeTruthy();
    expect(screen.getByText('This class is not unlocked yet.')).toBeTruthy();
    // Asking again changes nothing for a refusal: only the way back is offered.
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('offers "Try Again" when the server failed or did not answer, and shows the night once it does', async () => {
    const answers: Record<string, StubAnswer> = {
      'GET /api/classes/101/details': reply(503, {
        error: 'The service is temporarily unavailable. Please try again shortly.',
      }),
    };
    stubApi(answers);
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('heading', { name: 'Error Loading Class' })).toBeTruthy();
    answers['GET /api/classes/101/details'] = ok(sample.classDetails());
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: sample.classDetails().title })).toBeTruthy();
  });

  it('a night that opens days after the purchase says calmly when it opens, from the path it belongs to, never an error', async () => {
    const now = new Date();
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 21, 0);
    stubApi({
      'GET /api/classes/101/details': reply(403, { error: 'This class opens on a later night.' }),
      'GET /api/paths/10/details': ok(
        sample.pathDetails({
          classes: [sample.pathClass(101, { isUnlocked: false, opensAt: tomorrow.toISOString() })],
        }),
      ),
    });
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('heading', { name: 'Night 101 opens tomorrow' })).toBeTruthy();
    expect(screen.getByText(/Night 101 – Class 101 isn't open yet/)).toBeTruthy();
    expect(screen.queryByText('Error Loading Class')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a night of a refunded programme says the access ended', async () => {
    stubApi({
      'GET /api/classes/101/details': reply(403, { error: 'Your access to this program has ended.' }),
    });
    renderLearning(CLASS_URL);
    expect(await screen.findByRole('heading', { name: 'Your access has ended' })).toBeTruthy();
    expect(screen.queryByText('Error Loading Class')).toBeNull();
  });

  describe('around the class', () => {
    const night = (id: number, overrides: Parameters<typeof sample.pathClass>[1] = {}) =>
      sample.pathClass(id, { label: `Night ${id - 100}`, title: `Title ${id - 100}`, ...overrides });
    const path = sample.pathDetails({ classes: [night(101), night(102), night(103, { isUnlocked: false })] });

    it('shows "Night 2 · 18 min", the progress, and the previous and next classes of the path', async () => {
      stubApi({
        'GET /api/classes/102/details': ok(
          sample.classDetails({
            id: 102,
            label: 'Night 2',
            title: 'Title 2',
            durationMinutes: 18,
            progress: { maxPositionSec: 240, durationSeconds: 1080, percentWatched: 22, completed: false },
          }),
        ),
        'GET /api/paths/10/details': ok(path),
      });
      renderLearning('/program/1/path/10/class/102');
      expect(await screen.findByText('Night 2 · 18 min')).toBeTruthy();
      expect(screen.getByText('22% played')).toBeTruthy();
      const nav = await screen.findByRole('navigation', { name: 'Classes in this path' });
      expect(
        within(nav)
          .getByRole('link', { name: /Previous/ })
          .getAttribute('href'),
      ).toBe('/program/1/path/10/class/101');
      // Night 3 is locked: named, marked locked, not a link.
      expect(within(nav).queryByRole('link', { name: /Next/ })).toBeNull();
      expect(within(nav).getByText(/Next · Locked/)).toBeTruthy();
      expect(within(nav).getByText('Night 3 – Title 3')).toBeTruthy();
      expect(document.title).toBe('Title 2 · Sleep Ritual');
    });

    it('"Next" opens the next class when it is open to the learner', async () => {
      stubApi({
        'GET /api/classes/101/details': ok(sample.classDetails()),
        'GET /api/classes/102/details': ok(
          sample.classDetails({ id: 102, label: 'Night 2', title: 'Title 2' }),
        ),
        'GET /api/paths/10/details': ok(path),
      });
      const { router } = renderLearning(CLASS_URL);
      fireEvent.click(await screen.findByRole('link', { name: /Next.*Night 2 – Title 2/ }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/program/1/path/10/class/102'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Title 2' })).toBeTruthy();
    });

    it('"Mark as complete" records the completion, and "Mark as not complete" undoes it', async () => {
      const sent: unknown[] = [];
      stubApi({
        'GET /api/classes/101/details': ok(sample.classDetails()),
        'GET /api/paths/10/details': ok(path),
        'PUT /api/progress/101/completion': (request) => {
          const body = JSON.parse(String(request.body)) as { completed: boolean };
          sent.push(body);
          return ok(sample.progressRecord({ completed: body.completed }));
        },
      });
      renderLearning(CLASS_URL);
      fireEvent.click(await screen.findByRole('button', { name: 'Mark as complete' }));
      expect(await screen.findByText("You've completed this class")).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Mark as not complete' }));
      await screen.findByRole('button', { name: 'Mark as complete' });
      expect(screen.queryByText("You've completed this class")).toBeNull();
      expect(sent).toEqual([{ completed: true }, { completed: false }]);
    });

    it('says so when the completion cannot be saved', async () => {
      stubApi({
        'GET /api/classes/101/details': ok(sample.classDetails()),
        'PUT /api/progress/101/completion': reply(500),
      });
      renderLearning(CLASS_URL);
      fireEvent.click(await screen.findByRole('button', { name: 'Mark as complete' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Could not save that');
    });
  });
});
