/** The sleep timer's choices: off, a number of minutes of listening, or the end of the track. */
export const SLEEP_TIMER_CHOICES = ['off', 15, 30, 45, 60, 'end'] as const;
export type SleepTimerChoice = (typeof SLEEP_TIMER_CHOICES)[number];

/** The gentle fade before the timer pauses. */
export const FADE_OUT_MS = 30_000;
/** How often the timer looks at the clock while the track plays: often enough for a smooth fade. */
export const SLEEP_TIMER_TICK_MS = 250;

/** The part of an audio element the timer drives; the element itself fits, and so does a test fake. */
export interface FadeableMedia {
  volume: number;
  readonly paused: boolean;
  readonly currentTime: number;
  readonly duration: number;
  readonly playbackRate: number;
  pause(): void;
  addEventListener(type: 'play' | 'pause' | 'ended', listener: () => void): void;
  removeEventListener(type: 'play' | 'pause' | 'ended', listener: () => void): void;
}

export type SleepTimerState = {
  choice: SleepTimerChoice;
  /** Listening time left before the pause, in whole seconds (rounded up); null when off. */
  secondsLeft: number | null;
  /** True while the volume is being lowered. */
  fading: boolean;
  /** True once the timer has paused the track (until the next choice). */
  finished: boolean;
};

type Clock = {
  now: () => number;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

export type SleepTimer = {
  set(choice: SleepTimerChoice): void;
  state(): SleepTimerState;
  /** Stops the timer and gives the track its volume back. */
  dispose(): void;
};

/**
 * A sleep timer over an audio element. Minutes count listening time: they run only while the track
 * plays, so pausing and resuming keeps what is left (the timer survives both). In the last 30 s the
 * volume goes down along a gentle curve (the square of the share of the fade left), then the track
 * pauses and gets its volume back for the next time. "End of track" fades over the track's last 30 s
 * and stops where the track ends. `onChange` hears every change a screen would show (at most once a
 * second while counting).
 */
export function createSleepTimer(
  media: FadeableMedia,
  onChange: (state: SleepTimerState) => void,
  clock: Clock = {
    now: () => Date.now(),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  },
): SleepTimer {
  let choice: SleepTimerChoice = 'off';
  /** For a choice of minutes: listening time left, counted down while playing. */
  let remainingMs = 0;
  let lastTick: number | null = null;
  let ticker: unknown = null;
  let baseVolume = media.volume;
  let fading = false;
  let finished = false;
  let shown: string | null = null;

  function msLeft(): number | null {
    if (choice === 'off') return null;
    if (choice === 'end') {
      if (!Number.isFinite(media.duration)) return null;
      return ((media.duration - media.currentTime) * 1000) / (media.playbackRate || 1);
    }
    return remainingMs;
  }

  function state(): SleepTimerState {
    const left = msLeft();
    return {
      choice,
      secondsLeft: left === null ? null : Math.max(0, Math.ceil(left / 1000)),
      fading,
      finished,
    };
  }

  function notify() {
    const next = state();
    const key = JSON.stringify(next);
    if (key === shown) return;
    shown = key;
    onChange(next);
  }

  function restoreVolume() {
    if (fading) media.volume = baseVolume;
    fading = false;
  }

  function tick() {
    if (typeof choice === 'number' && lastTick !== null) {
      const now = clock.now();
      remainingMs -= Math.max(0, now - lastTick);
      lastTick = now;
    }
    const left = msLeft();
    if (left === null) return notify();
    if (left <= 0 && typeof choice === 'number') {
      // Pause first, so the pause is heard at the faded (near-silent) volume, then give it back.
      media.pause();
      restoreVolume();
      choice = 'off';
      finished = true;
      stopTicking();
    } else if (left < FADE_OUT_MS) {
      fading = true;
      const share = Math.max(0, left) / FADE_OUT_MS;
      media.volume = baseVolume * share * share;
    } else {
      restoreVolume();
    }
    notify();
  }

  function startTicking() {
    if (choice === 'off' || ticker !== null) return;
    lastTick = clock.now();
    ticker = clock.setInterval(tick, SLEEP_TIMER_TICK_MS);
  }

  function stopTicking() {
    // Count the listening up to this moment, then hold.
    if (ticker === null) return;
    if (typeof choice === 'number' && lastTick !== null) {
      remainingMs -= Math.max(0, clock.now() - lastTick);
    }
    lastTick = null;
    clock.clearInterval(ticker);
    ticker = null;
  }

  const onPlay = () => {
    startTicking();
    notify();
  };
  const onPause = () => {
    stopTicking();
    notify();
  };
  const onEnded = () => {
    stopTicking();
    if (choice === 'end') {
      restoreVolume();
      choice = 'off';
      finished = true;
    }
    notify();
  };
  media.addEventListener('play', onPlay);
  media.addEventListener('pause', onPause);
  media.addEventListener('ended', onEnded);

  return {
    set(next) {
      stopTicking();
      restoreVolume();
      baseVolume = media.volume;
      choice = next;
      finished = false;
      remainingMs = typeof next === 'number' ? next * 60_000 : 0;
      if (!media.paused) startTicking();
      tick();
    },
    state,
    dispose() {
      stopTicking();
      restoreVolume();
      media.removeEventListener('play', onPlay);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('ended', onEnded);
    },
  };
}
