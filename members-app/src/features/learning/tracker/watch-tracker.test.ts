import type { ProgressEvent } from '@sleep-ritual/contracts/progress';
import { describe, expect, it, vi } from 'vitest';
import {
  createWatchTracker,
  type PlayerTimeData,
  type TrackablePlayer,
  type TrackedPlayerEvent,
} from './watch-tracker.ts';

type Listener = (data: unknown) => void;

/** A player that plays only when the test says so. */
class FakePlayer implements TrackablePlayer {
  private listeners = new Map<string, Set<Listener>>();
  time = 0;
  private resolveDuration: (value: number) => void = () => {};
  private readonly durationPromise: Promise<number>;

  constructor(duration?: number) {
    this.durationPromise =
      duration === undefined
        ? new Promise((resolve) => (this.resolveDuration = resolve))
        : Promise.resolve(duration);
  }

  on(event: TrackedPlayerEvent, callback: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(callback);
  }
  off(event: TrackedPlayerEvent, callback?: Listener) {
    if (callback) this.listeners.get(event)?.delete(callback);
    else this.listeners.delete(event);
  }
  getCurrentTime() {
    return Promise.resolve(this.time);
  }
  getDuration() {
    return this.durationPromise;
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
  /** The duration arrives late, as it does while the video loads. */
  async revealDuration(duration: number) {
    this.resolveDuration(duration);
    await flush();
  }

  emit(event: string, data: PlayerTimeData = {}) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
  play() {
    this.emit('play', { seconds: this.time, duration: undefined });
  }
  pause() {
    this.emit('pause', { seconds: this.time });
  }
  /** Plays on to `to`, reporting the time every quarter of a second as the Vimeo player does. */
  playTo(to: number) {
    while (this.time < to) {
      this.time = Math.min(to, this.time + 0.25);
      this.emit('timeupdate', { seconds: this.time });
    }
  }
  seek(to: number) {
    this.time = to;
    this.emit('seeked', { seconds: to });
    this.emit('timeupdate', { seconds: to });
  }
  end() {
    this.emit('ended', { seconds: this.time });
  }
}

/**
 * Lets the tracker's reactions to promises that are already settled run. No time passes and nothing
 * is waited for: every microtask queued so far runs before the next task.
 */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function pageHost() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const view = new EventTarget();
  return {
    doc,
    view,
    hide() {
      doc.visibilityState = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    show() {
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    pageHide() {
      view.dispatchEvent(new Event('pagehide'));
    },
  };
}

async function track(player: FakePlayer) {
  const sent: ProgressEvent[] = [];
  const exits: ProgressEvent[] = [];
  const warn = vi.fn();
  const host = pageHost();
  const tracker = createWatchTracker({
    player,
    send: (event) => {
      sent.push(event);
      return Promise.resolve();
    },
    sendExit: (event) => exits.push(event),
    doc: host.doc,
    view: host.view,
    warn,
  });
  await flush();
  return { sent, exits, warn, host, tracker };
}

/** A session_start carries its play session's id (see the play id test). */
const event = (event_type: ProgressEvent['event_type'], position_sec: number, duration_sec = 600) => ({
  event_type,
  position_sec,
  duration_sec,
  ...(event_type === 'session_start' ? { play_id: expect.stringMatching(/^[0-9a-f]{32}$/) } : {}),
});

describe('watch tracker', () => {
  it('sends nothing, not even exit, until the duration is known; then reports from there', async () => {
    const player = new FakePlayer();
    const { sent, exits, host } = await track(player);

    player.play();
    player.playTo(10);
    player.pause();
    host.pageHide();
    expect(sent).toEqual([]);
    expect(exits).toEqual([]);

    // The 10 s already heard belong to the same play session: session_start goes with the next report.
    await player.revealDuration(600);
    player.play();
    player.playTo(11);
    expect(sent).toEqual([event('play', 10), event('session_start', 10)]);
  });

  it('takes the duration from the player events when the player reports it there first', async () => {
    const player = new FakePlayer();
    const { sent } = await track(player);
    player.emit('durationchange', { duration: 245.6 });
    player.play();
    expect(sent).toEqual([event('play', 0, 245)]);
  });

  it('a play session: play, session_start at 3 s, a timeupdate every 30 s of playback, pause', async () => {
    const player = new FakePlayer(600);
    const { sent } = await track(player);

    player.play();
    player.playTo(2.75);
    expect(sent).toEqual([event('play', 0)]);
    player.playTo(3);
    expect(sent).toEqual([event('play', 0), event('session_start', 3)]);

    player.playTo(29.75);
    expect(sent).toHaveLength(2);
    player.playTo(61.5);
    player.pause();

    expect(sent).toEqual([
      event('play', 0),
      event('session_start', 3),
      event('timeupdate', 30),
      event('timeupdate', 60),
      event('pause', 61),
    ]);
  });

  it('pausing and playing again is the same session: no second session_start, and paused time is not playback', async () => {
    const player = new FakePlayer(600);
    const { sent } = await track(player);

    player.play();
    player.playTo(20);
    player.pause();
    player.play();
    player.playTo(40);

    expect(sent).toEqual([
      event('play', 0),
      event('session_start', 3),
      event('pause', 20),
      event('play', 20),
      event('timeupdate', 30),
    ]);
  });

  it('seeks move the position but count as no playback, so the next timeupdate waits for 30 s of listening', async () => {
    const player = new FakePlayer(600);
    const { sent } = await track(player);

    player.play();
    player.playTo(10);
    player.seek(300);
    player.playTo(319.75);
    expect(sent).toEqual([event('play', 0), event('session_start', 3)]);
    player.playTo(320);
    expect(sent.at(-1)).toEqual(event('timeupdate', 320));

    // A jump the player reports without a seeked event is not playback either.
    player.time = 500;
    player.emit('timeupdate', { seconds: 500 });
    player.playTo(529.75);
    expect(sent).toHaveLength(3);
    player.playTo(530);
    player.pause();
    expect(sent.slice(3)).toEqual([event('timeupdate', 530), event('pause', 530)]);
  });

  it('a seek while paused is no playback, and session_start waits for 3 s of actual listening', async () => {
    const player = new FakePlayer(600);
    const { sent } = await track(player);

    player.seek(120);
    player.play();
    player.playTo(122.75);
    expect(sent).toEqual([event('play', 120)]);
    player.playTo(123);
    expect(sent).toEqual([event('play', 120), event('session_start', 123)]);
  });

  it('ended closes the session: watching again starts a new one with its own session_start', async () => {
    const player = new FakePlayer(600);
    const { sent } = await track(player);

    player.seek(580);
    player.play();
    player.playTo(600);
    player.end();
    player.seek(0);
    player.play();
    player.playTo(3);

    expect(sent).toEqual([
      event('play', 580),
      event('session_start', 583),
      event('ended', 600),
      event('play', 0),
      event('session_start', 3),
    ]);
    // Each session its own play id, which the server counts once however often the call arrives.
    const [first, second] = sent.filter((e) => e.event_type === 'session_start').map((e) => e.play_id);
    expect(first).not.toEqual(second);
  });

  it('asks the player where it is when a play or pause event does not say', async () => {
    const player = new FakePlayer(600);
    const { sent } = await track(player);
    player.time = 75.5;
    player.emit('play', {});
    player.emit('pause', undefined);
    await flush();
    expect(sent).toEqual([event('play', 75), event('pause', 75)]);
  });

  it('sends whole seconds, rounded down, and never a position past the duration', async () => {
    const player = new FakePlayer(359.9);
    const { sent } = await track(player);
    player.time = 12.9;
    player.play();
    player.emit('ended', { seconds: 359.9 });
    expect(sent).toEqual([event('play', 12, 359), event('ended', 359, 359)]);
  });

  it('page hide sends one exit by the beacon with the last position, and another only after more playback', async () => {
    const player = new FakePlayer(600);
    const { sent, exits, host } = await track(player);

    player.play();
    player.playTo(45.5);
    host.hide();
    host.pageHide();
    expect(exits).toEqual([event('exit', 45)]);
    expect(sent.map((e) => e.event_type)).not.toContain('exit');

    // Audio keeps playing with the screen off: the heartbeat goes on, and the next hide is a new exit.
    player.playTo(70);
    host.show();
    host.pageHide();
    expect(exits).toEqual([event('exit', 45), event('exit', 70)]);
    expect(sent.at(-1)).toEqual(event('timeupdate', 60));
  });

  it('leaving the page (unmount) sends exit and stops listening to the player and the page', async () => {
    const player = new FakePlayer(600);
    const { sent, exits, host, tracker } = await track(player);

    player.play();
    player.playTo(8);
    tracker.stop({ exit: true });
    expect(exits).toEqual([event('exit', 8)]);
    expect(player.listenerCount()).toBe(0);

    player.play();
    player.playTo(40);
    host.pageHide();
    expect(sent).toEqual([event('play', 0), event('session_start', 3)]);
    expect(exits).toHaveLength(1);
  });

  it('sends no exit when nothing was played, since the position is not known', async () => {
    const player = new FakePlayer(600);
    const { sent, exits, host, tracker } = await track(player);
    host.pageHide();
    tracker.stop({ exit: true });
    expect(sent).toEqual([]);
    expect(exits).toEqual([]);
  });

  it('failures are only logged: a refused event or a failing beacon never throws to the page', async () => {
    const player = new FakePlayer(600);
    const warn = vi.fn();
    const host = pageHost();
    const sent: string[] = [];
    createWatchTracker({
      player,
      send: (e) => {
        sent.push(e.event_type);
        return Promise.reject(new Error('503: Service Unavailable'));
      },
      sendExit: () => {
        throw new Error('beacon refused');
      },
      doc: host.doc,
      view: host.view,
      warn,
    });
    await flush();

    expect(() => {
      player.play();
      player.playTo(5);
      host.pageHide();
    }).not.toThrow();
    await flush();
    expect(sent).toEqual(['play', 'session_start']);
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      'Could not record the exit event',
      'Could not record the play event',
      'Could not record the session_start event',
    ]);
  });
});
