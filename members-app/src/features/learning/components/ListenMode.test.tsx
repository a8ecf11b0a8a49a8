import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { controlAudio } from '../../../test/fake-audio.ts';
import { FakeVimeoPlayer } from '../../../test/fake-vimeo-player.ts';
import { sample } from '../../../test/fixtures/catalog.ts';
import { ok, stubApi } from '../../../test/render.tsx';
import { renderLearning } from './test-routes.tsx';

vi.mock('@vimeo/player', async () => ({
  default: (await import('../../../test/fake-vimeo-player.ts')).FakeVimeoPlayer,
}));

const CLASS_URL = '/program/1/path/10/class/101';
const TRACK = '/media/demo/night-1.wav';
const MINUTE = 60_000;

function withAudio(overrides: Partial<ClassDetails> = {}): ClassDetails {
  return sample.classDetails({ audioUrl: TRACK, ...overrides });
}

/** The class page with these details, its progress PUTs and exit beacons collected. */
function renderClass(details: ClassDetails) {
  const events: unknown[] = [];
  stubApi({
    'GET /api/classes/101/details': ok(details),
    'PUT /api/progress/101': (request) => {
      events.push(JSON.parse(String(request.body)));
      return ok(sample.progressRecord({ durationSeconds: 960 }));
    },
    'PUT /api/progress/101/completion': ok(
      sample.progressRecord({ completed: true, completionReason: 'asleep' }),
    ),
  });
  const beacons: unknown[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (_url: string, blob: Blob) => {
      void blob.text().then((body) => beacons.push(JSON.parse(body)));
      return true;
    },
  });
  const view = renderLearning(CLASS_URL);
  return { view, events, beacons };
}

/** Opens listen mode from the class page and gives its audio element a 16-minute track. */
async function openListenMode() {
  fireEvent.click(await screen.findByRole('button', { name: 'Listen' }));
  const dialog = screen.getByRole('dialog', { name: 'Arriving: Letting the Day Go' });
  const element = within(dialog).getByTestId('listen-audio') as HTMLAudioElement;
  const audio = controlAudio(element, 960);
  return { dialog, element, audio };
}

beforeEach(() => {
  FakeVimeoPlayer.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Listen mode', () => {
  it('a class with audio offers Listen first and its video below; Listen opens the player in place of the video', async () => {
    renderClass(withAudio());
    const listen = await screen.findByRole('button', { name: 'Listen' });
    const video = await screen.findByTestId('class-video');
    expect(listen.compareDocumentPosition(video) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const { dialog, element } = await openListenMode();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(element.getAttribute('src')).toBe(TRACK);
    expect(within(dialog).getByText('Night 1')).toBeTruthy();
    expect(within(dialog).getByText('Six Nights to Deeper Sleep')).toBeTruthy();
    // Only one player at a time: the video has left the page.
    expect(screen.queryByTestId('class-video')).toBeNull();
    expect(FakeVimeoPlayer.instances[0]?.destroyed).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Play' }));
  });

  it("Back closes listen mode and keeps the night's page, as its Close button does", async () => {
    const { view } = renderClass(withAudio());
    await openListenMode();
    await act(() => view.router.navigate(-1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.router.state.location.pathname).toBe(CLASS_URL);
    expect(screen.getByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(await screen.findByTestId('class-video')).toBeTruthy();
    // Forward into the entry it left does not open it again, nor start the sound.
    await act(() => view.router.navigate(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => view.router.navigate(-1));

    // Closed by its button, it leaves the entry it added: Back then leaves the night.
    const { dialog } = await openListenMode();
    fireEvent.click(within(dialog).getByRole('button', { name: /Close listen mode/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.router.state.historyAction).toBe('POP');
    expect(view.router.state.location.pathname).toBe(CLASS_URL);
  });

  it('a second press on Close before the browser has gone back does not leave the night', async () => {
    const { view } = renderClass(withAudio());
    await screen.findByRole('button', { name: 'Listen' });
    // The night was opened from its path: going back twice would land there.
    await act(() => view.router.navigate('/program/1/path/10'));
    await act(() => view.router.navigate(CLASS_URL));
    const { dialog } = await openListenMode();
    const close = within(dialog).getByRole('button', { name: /Close listen mode/ });
    act(() => {
      fireEvent.click(close);
      fireEvent.click(close);
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(view.router.state.location.pathname).toBe(CLASS_URL);
  });

  it('resumes where the learner left off and plays once the length is known, recording through the watch tracker', async () => {
    const { events } = renderClass(
      withAudio({
        progress: { maxPositionSec: 300, durationSeconds: 960, percentWatched: 31, completed: false },
      }),
    );
    const { dialog, audio, element } = await openListenMode();
    // Nothing before the length is known.
    expect(audio.play).not.toHaveBeenCalled();

    audio.loadMetadata();
    expect(element.currentTime).toBe(300);
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('Resuming where you left off (5:00)').getAttribute('role')).toBe(
      'status',
    );
    expect(within(dialog).getByRole('button', { name: 'Pause' })).toBeTruthy();

    audio.playTo(304);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(events).toEqual([
        { position_sec: 300, duration_sec: 960, event_type: 'play' },
        { position_sec: 303, duration_sec: 960, event_type: 'session_start', play_id: expect.any(String) },
        { position_sec: 304, duration_sec: 960, event_type: 'pause' },
      ]),
    );
    expect(within(dialog).getByText('5:04')).toBeTruthy();
    expect(within(dialog).getByText('−10:56')).toBeTruthy();
    const seek = within(dialog).getByRole('slider', { name: 'Position in the track' });
    expect(seek.getAttribute('aria-valuetext')).toBe('5 minutes 4 seconds of 16 minutes');
  });

  it('sends a timeupdate every 30 s of listening and ended at the end, like the video', async () => {
    const { events } = renderClass(withAudio());
    const { audio } = await openListenMode();
    audio.loadMetadata();
    audio.playTo(61);
    audio.end();
    await waitFor(() =>
      expect(events.map((event) => (event as { event_type: string }).event_type)).toEqual([
        'play',
        'session_start',
        'timeupdate',
        'timeupdate',
        'pause',
        'ended',
      ]),
    );
    expect(events.at(-1)).toEqual({ position_sec: 960, duration_sec: 960, event_type: 'ended' });
  });

  it('goes 15 s back, plays and pauses from the keyboard, and closes with Escape, sending exit by beacon and giving focus back', async () => {
    const { beacons } = renderClass(withAudio());
    const listen = await screen.findByRole('button', { name: 'Listen' });
    // A tap on a button focuses it; fireEvent alone does not.
    listen.focus();
    const { dialog, audio, element } = await openListenMode();
    audio.loadMetadata();
    audio.playTo(40);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back 15 seconds' }));
    expect(element.currentTime).toBe(25);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(element.currentTime).toBe(10);
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(element.currentTime).toBe(0);

    fireEvent.keyDown(dialog, { key: ' ' });
    expect(audio.pause).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'k' });
    expect(audio.play).toHaveBeenCalledTimes(2);

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(listen);
    await waitFor(() =>
      expect(beacons).toEqual([{ position_sec: 0, duration_sec: 960, event_type: 'exit' }]),
    );
    expect(await screen.findByTestId('class-video')).toBeTruthy();
  });

  it('shows the night sky when the artwork fails to load, and asks for it only once when that fails too (offline)', async () => {
    renderClass(withAudio({ artworkUrl: 'https://images.example/night-1.jpg' }));
    const { dialog } = await openListenMode();
    const artwork = dialog.querySelector('img.listen-artwork') as HTMLImageElement;
    expect(artwork.getAttribute('src')).toBe('https://images.example/night-1.jpg');

    fireEvent.error(artwork);
    expect(artwork.getAttribute('src')).toMatch(/\/images\/path-card-fallback\.svg$/);
    // Setting src again, even to the same address, is another request, and another error offline.
    const requests: MutationRecord[] = [];
    const observer = new MutationObserver((records) => requests.push(...records));
    observer.observe(artwork, { attributes: true, attributeFilter: ['src'] });
    fireEvent.error(artwork);
    fireEvent.error(artwork);
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    requests.push(...observer.takeRecords());
    observer.disconnect();
    expect(requests).toEqual([]);
  });

  it('gives the lock screen the class title, path and artwork, and its play, pause and skip buttons drive the track', async () => {
    const handlers = new Map<string, MediaSessionActionHandler | null>();
    const session = {
      metadata: null as MediaMetadataInit | null,
      playbackState: 'none',
      setActionHandler: (action: string, handler: MediaSessionActionHandler | null) =>
        handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    vi.stubGlobal(
      'MediaMetadata',
      class {
        constructor(init: MediaMetadataInit) {
          Object.assign(this, init);
        }
      },
    );
    const { beacons: _ } = renderClass(withAudio({ artworkUrl: 'https://images.example/night-1.jpg' }));
    vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
    const { audio, element } = await openListenMode();

    expect(session.metadata).toMatchObject({
      title: 'Arriving: Letting the Day Go',
      artist: 'Six Nights to Deeper Sleep',
      album: 'Night 1',
      artwork: [{ src: 'https://images.example/night-1.jpg', sizes: '512x512' }],
    });
    audio.loadMetadata();
    audio.playTo(100);
    expect(session.playbackState).toBe('playing');
    expect(session.setPositionState).toHaveBeenLastCalledWith({
      duration: 960,
      playbackRate: 1,
      position: expect.any(Number),
    });

    act(() => handlers.get('seekbackward')!({ action: 'seekbackward' }));
    expect(element.currentTime).toBe(85);
    act(() => handlers.get('seekforward')!({ action: 'seekforward', seekOffset: 30 }));
    expect(element.currentTime).toBe(115);
    act(() => handlers.get('seekto')!({ action: 'seekto', seekTime: 600 }));
    expect(element.currentTime).toBe(600);
    act(() => handlers.get('pause')!({ action: 'pause' }));
    expect(element.paused).toBe(true);
    expect(session.playbackState).toBe('paused');
    act(() => handlers.get('play')!({ action: 'play' }));
    expect(element.paused).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: /Close listen mode/ }));
    expect([...handlers.values()].every((handler) => handler === null)).toBe(true);
    expect(session.metadata).toBeNull();
  });

  it('sleep timer: 15 minutes counts listening down, fades the last 30 s, pauses and gives the volume back', async () => {
    renderClass(withAudio());
    const { dialog, audio, element } = await openListenMode();
    audio.loadMetadata();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });

    fireEvent.change(within(dialog).getByLabelText('Sleep timer'), { target: { value: '15' } });
    expect(within(dialog).getByText('Pauses in 15:00')).toBeTruthy();
    expect(within(dialog).getByText('Sleep timer set: 15 minutes')).toBeTruthy();

    act(() => vi.advanceTimersByTime(5 * MINUTE));
    // A pause keeps what is left; playing again goes on from there.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(60 * MINUTE));
    expect(within(dialog).getByText('Pauses in 10:00')).toBeTruthy();
    // "+5 min" says so, beside the choice that stays as chosen.
    fireEvent.click(within(dialog).getByRole('button', { name: '+5 min' }));
    expect(within(dialog).getByText('Pauses in 15:00')).toBeTruthy();
    expect(within(dialog).getByText('Sleep timer set: 15 minutes, 5 more minutes added')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play' }));

    act(() => vi.advanceTimersByTime(15 * MINUTE - 15_000));
    expect(within(dialog).getByText('Fading out · 0:15')).toBeTruthy();
    expect(element.volume).toBeCloseTo(0.25, 2);
    expect(element.paused).toBe(false);

    act(() => vi.advanceTimersByTime(15_000));
    expect(element.paused).toBe(true);
    expect(element.volume).toBe(1);
    expect(
      within(dialog).getByText('Paused by the sleep timer. Sleep well.', { selector: '[role="status"]' }),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Sleep timer') as HTMLSelectElement).value).toBe('off');
    expect(within(dialog).getByRole('button', { name: 'Play' })).toBeTruthy();
    // A new timer of the same length has nothing added.
    fireEvent.change(within(dialog).getByLabelText('Sleep timer'), { target: { value: '15' } });
    expect(within(dialog).getByText('Sleep timer set: 15 minutes')).toBeTruthy();
  });

  it('when the sleep timer ends the night it counts as completed (asleep), once, and listening again starts at 0:00; a pause by hand completes nothing', async () => {
    const completions: unknown[] = [];
    const answered: string[] = [];
    stubApi({
      'GET /api/classes/101/details': ok(
        withAudio({
          progress: { maxPositionSec: 300, durationSeconds: 960, percentWatched: 31, completed: false },
        }),
      ),
      // The pause the timer causes is answered last, by a record that does not know of the completion yet.
      'PUT /api/progress/101': (request) =>
        new Promise((resolve) =>
          setTimeout(() => {
            answered.push((JSON.parse(String(request.body)) as { event_type: string }).event_type);
            resolve(ok(sample.progressRecord({ maxPositionSec: 840, durationSeconds: 960 })));
          }, 20),
        ),
      'PUT /api/progress/101/completion': (request) => {
        completions.push(JSON.parse(String(request.body)));
        return ok(
          sample.progressRecord({ completed: true, completionReason: 'asleep', maxPositionSec: 840 }),
        );
      },
    });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => true });
    renderLearning(CLASS_URL);
    const { dialog, audio } = await openListenMode();
    audio.loadMetadata();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    expect(completions).toEqual([]);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.change(within(dialog).getByLabelText('Sleep timer'), { target: { value: '15' } });
    act(() => vi.advanceTimersByTime(15 * MINUTE));
    vi.useRealTimers();
    await waitFor(() => expect(completions).toEqual([{ completed: true, reason: 'asleep' }]));
    // Both pauses (by hand, then the timer's) have had their answers.
    await waitFor(() => expect(answered.filter((type) => type === 'pause')).toHaveLength(2));

    fireEvent.click(within(dialog).getByRole('button', { name: /Close listen mode/ }));
    const again = await openListenMode();
    again.audio.loadMetadata();
    expect(again.element.currentTime).toBe(0);
    expect(within(again.dialog).queryByText(/Resuming where you left off/)).toBeNull();
    expect(completions).toHaveLength(1);
  });

  it('night mode: one tap turns the page black with nothing else showing; any tap or key wakes it', async () => {
    renderClass(withAudio());
    const { dialog, audio } = await openListenMode();
    audio.loadMetadata();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Night mode' }));
    const night = within(dialog).getByRole('button', { name: /Night mode is on/ });
    expect(dialog.className).toContain('is-night');
    expect(document.activeElement).toBe(night);
    // Playback goes on in the dark.
    expect(audio.pause).not.toHaveBeenCalled();

    fireEvent.click(night);
    expect(within(dialog).queryByRole('button', { name: /Night mode is on/ })).toBeNull();
    expect(dialog.className).not.toContain('is-night');

    fireEvent.keyDown(dialog, { key: 'n' });
    const again = within(dialog).getByRole('button', { name: /Night mode is on/ });
    fireEvent.keyDown(again, { key: 'a' });
    expect(within(dialog).queryByRole('button', { name: /Night mode is on/ })).toBeNull();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('a class with audio only has no video to switch to, and a track that cannot load says so', async () => {
    renderClass(withAudio({ vimeoVideoId: null, vimeoId: null }));
    const { dialog, audio } = await openListenMode();
    expect(within(dialog).queryByRole('button', { name: 'Watch the video instead' })).toBeNull();
    audio.fail();
    expect(within(dialog).getByText('This track could not be played. Please try again later.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Play' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('"Watch the video instead" closes listen mode and brings the video back', async () => {
    renderClass(withAudio());
    const { dialog } = await openListenMode();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Watch the video instead' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByTestId('class-video')).toBeTruthy();
  });
});
