import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSleepTimer,
  volumeCanChange,
  type FadeableMedia,
  type SleepTimerState,
} from './sleep-timer.ts';

/** An audio element as far as the timer can tell: its volume, position and play/pause events. */
class FakeTrack extends EventTarget implements FadeableMedia {
  volume = 1;
  paused = true;
  currentTime = 0;
  duration = 960;
  playbackRate = 1;
  pauses = 0;
  play() {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  }
  pause() {
    this.pauses += 1;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  end() {
    this.currentTime = this.duration;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
}

const MINUTE = 60_000;
/** What the screen hears once the timer has paused the track. */
const FINISHED = { choice: 'off', secondsLeft: null, fading: false, finished: true, waitingForQuiet: false };

let track: FakeTrack;
let seen: SleepTimerState[];
const last = () => seen.at(-1)!;

beforeEach(() => {
  vi.useFakeTimers();
  track = new FakeTrack();
  seen = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the sleep timer', () => {
  it('off: plays on, the volume untouched', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set('off');
    vi.advanceTimersByTime(120 * MINUTE);
    expect(track.paused).toBe(false);
    expect(track.volume).toBe(1);
    expect(last()).toEqual({
      choice: 'off',
      secondsLeft: null,
      fading: false,
      finished: false,
      waitingForQuiet: false,
    });
  });

  it('15 minutes: full volume until the last 30 s, then a gentle fade, then a pause with the volume given back', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    expect(last()).toMatchObject({ choice: 15, secondsLeft: 900, fading: false });

    vi.advanceTimersByTime(14 * MINUTE + 29_000);
    expect(track.volume).toBe(1);
    expect(last()).toMatchObject({ secondsLeft: 31, fading: false });

    vi.advanceTimersByTime(16_000);
    // 15 s of the 30 s fade left: a quarter of the volume (the square of the half), softly, not halfway.
    expect(track.volume).toBeCloseTo(0.25, 2);
    expect(last()).toMatchObject({ secondsLeft: 15, fading: true });
    const halfway = track.volume;
    vi.advanceTimersByTime(10_000);
    expect(track.volume).toBeLessThan(halfway);
    expect(track.volume).toBeGreaterThan(0);
    expect(track.paused).toBe(false);

    vi.advanceTimersByTime(5_000);
    expect(track.paused).toBe(true);
    expect(track.pauses).toBe(1);
    expect(track.volume).toBe(1);
    expect(last()).toEqual(FINISHED);

    // Nothing more happens: the track stays paused.
    vi.advanceTimersByTime(60 * MINUTE);
    expect(track.pauses).toBe(1);
  });

  it('counts listening time only: it survives a pause and goes on from where it was when playing resumes', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(30);
    vi.advanceTimersByTime(10 * MINUTE);
    track.pause();
    expect(last()).toMatchObject({ choice: 30, secondsLeft: 20 * 60 });

    vi.advanceTimersByTime(3 * 60 * MINUTE);
    expect(last()).toMatchObject({ choice: 30, secondsLeft: 20 * 60, finished: false });
    expect(track.volume).toBe(1);

    track.play();
    vi.advanceTimersByTime(20 * MINUTE - 10_000);
    expect(track.volume).toBeCloseTo((10 / 30) ** 2, 2);
    vi.advanceTimersByTime(10_000);
    expect(track.paused).toBe(true);
    expect(track.volume).toBe(1);
  });

  it('a pause during the fade keeps the lowered volume; playing again finishes the same fade', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    vi.advanceTimersByTime(15 * MINUTE - 20_000);
    const lowered = track.volume;
    expect(lowered).toBeCloseTo((20 / 30) ** 2, 2);
    track.pause();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(track.volume).toBe(lowered);
    expect(last()).toMatchObject({ secondsLeft: 20, fading: true });

    track.play();
    vi.advanceTimersByTime(19_000);
    expect(track.volume).toBeLessThan(lowered);
    vi.advanceTimersByTime(1_000);
    expect(track.paused).toBe(true);
    expect(track.volume).toBe(1);
  });

  it('another choice, or off, during the fade gives the volume back at once', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    vi.advanceTimersByTime(15 * MINUTE - 10_000);
    expect(track.volume).toBeLessThan(0.2);

    timer.set(45);
    expect(track.volume).toBe(1);
    expect(last()).toMatchObject({ choice: 45, secondsLeft: 45 * 60, fading: false });

    vi.advanceTimersByTime(45 * MINUTE - 5_000);
    expect(track.volume).toBeLessThan(0.1);
    timer.set('off');
    expect(track.volume).toBe(1);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(track.paused).toBe(false);
  });

  it('end of track: fades over the last 30 s of the track, then stops where the track ends', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.currentTime = 600;
    track.play();
    timer.set('end');
    expect(last()).toMatchObject({ choice: 'end', secondsLeft: 360, fading: false });
    expect(track.volume).toBe(1);

    track.currentTime = 945;
    vi.advanceTimersByTime(250);
    expect(track.volume).toBeCloseTo(0.25, 2);
    expect(last()).toMatchObject({ secondsLeft: 15, fading: true });

    track.end();
    expect(track.volume).toBe(1);
    expect(last()).toEqual(FINISHED);
    expect(track.pauses).toBe(0);
  });

  it('a countdown still running when the track ends by itself goes off, with nothing said of a pause', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    vi.advanceTimersByTime(MINUTE);
    track.end();
    expect(last()).toEqual({ ...FINISHED, finished: false });
    expect(track.volume).toBe(1);
    vi.advanceTimersByTime(15 * MINUTE);
    expect(track.pauses).toBe(0);
    expect(timer.state().choice).toBe('off');
  });

  it('tells the screen at most once a second while counting', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    seen = [];
    vi.advanceTimersByTime(10_000);
    expect(seen.map((state) => state.secondsLeft)).toEqual([
      899, 898, 897, 896, 895, 894, 893, 892, 891, 890,
    ]);
  });

  it('once disposed, it neither pauses nor leaves the volume lowered', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    vi.advanceTimersByTime(15 * MINUTE - 10_000);
    timer.dispose();
    expect(track.volume).toBe(1);
    vi.advanceTimersByTime(MINUTE);
    expect(track.paused).toBe(false);
  });

  it('"+5 min" adds five minutes while the timer runs, and takes back a fade under way', () => {
    const timer = createSleepTimer(track, (state) => seen.push(state));
    track.play();
    timer.set(15);
    vi.advanceTimersByTime(15 * MINUTE - 10_000);
    expect(last().fading).toBe(true);
    timer.extend();
    expect(track.volume).toBe(1);
    expect(last()).toMatchObject({ choice: 15, secondsLeft: 310, fading: false });
    vi.advanceTimersByTime(5 * MINUTE);
    expect(track.pauses).toBe(0);
    vi.advanceTimersByTime(11_000);
    expect(track.pauses).toBe(1);
    expect(last().finished).toBe(true);
  });
});

/** An iPhone's audio element: whatever is set, the volume stays 1. */
class FixedVolumeTrack extends FakeTrack {
  constructor() {
    super();
    // Over the field FakeTrack defines on each instance.
    Object.defineProperty(this, 'volume', { get: () => 1, set: () => undefined });
  }
  /** Plays on by `seconds` of the track, as timeupdate events say it. */
  playOn(seconds: number) {
    for (let step = 0; step < seconds * 4; step += 1) {
      this.currentTime += 0.25;
      this.dispatchEvent(new Event('timeupdate'));
    }
  }
}

describe('the sleep timer where the volume cannot change', () => {
  const spans = [
    [100, 104],
    [1000, 1005],
  ] as const;

  /** An iPhone playing from `from` seconds with a 15-minute timer over the track with `spans`. */
  function iphoneWithTimer(from: number): FixedVolumeTrack {
    const iphone = new FixedVolumeTrack();
    const timer = createSleepTimer(iphone, (state) => seen.push(state), undefined, {
      canFade: false,
      quietSpans: spans,
    });
    iphone.currentTime = from;
    iphone.play();
    timer.set(15);
    return iphone;
  }

  it('is told apart at run time by setting the volume and reading it back', () => {
    expect(volumeCanChange(new FakeTrack())).toBe(true);
    expect(volumeCanChange(new FixedVolumeTrack())).toBe(false);
    const plain = new FakeTrack();
    plain.volume = 0.8;
    volumeCanChange(plain);
    expect(plain.volume).toBe(0.8);
  });

  it('does not fade or cut the voice: once time is up it plays on to the next quiet span and pauses inside it', () => {
    const iphone = iphoneWithTimer(40);
    vi.advanceTimersByTime(15 * MINUTE - 20_000);
    expect(last().fading).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(iphone.pauses).toBe(0);
    expect(last()).toMatchObject({ waitingForQuiet: true, secondsLeft: 0, finished: false });
    iphone.playOn(59);
    expect(iphone.pauses).toBe(0);
    iphone.playOn(2);
    expect(iphone.pauses).toBe(1);
    expect(iphone.currentTime).toBeGreaterThanOrEqual(100);
    expect(iphone.currentTime).toBeLessThan(104);
    expect(last()).toMatchObject({ choice: 'off', finished: true, waitingForQuiet: false });
  });

  it('pauses 90 s late at most when no quiet span comes in time, and at once on a track with none', () => {
    const iphone = iphoneWithTimer(300);
    vi.advanceTimersByTime(15 * MINUTE);
    iphone.playOn(89);
    expect(iphone.pauses).toBe(0);
    iphone.playOn(1.5);
    expect(iphone.pauses).toBe(1);
    expect(iphone.currentTime).toBeLessThanOrEqual(391);

    const bare = new FixedVolumeTrack();
    const plain = createSleepTimer(bare, () => undefined, undefined, { canFade: false, quietSpans: [] });
    bare.play();
    plain.set(15);
    vi.advanceTimersByTime(15 * MINUTE + 250);
    expect(bare.pauses).toBe(1);
  });
});
