/** The sleep timer's choices: off, a number of minutes of listening, or the end of the track. */
export const SLEEP_TIMER_CHOICES = ['off', 15, 30, 45, 60, 'end'] as const;
export type SleepTimerChoice = (typeof SLEEP_TIMER_CHOICES)[number];

/** The gentle fade before the timer pauses. */
export const FADE_OUT_MS = 30_000;
/** How often the timer looks at the clock while the track plays: often enough for a smooth fade. */
export const SLEEP_TIMER_TICK_MS = 250;
/** Where the volume cannot fade, how long past its time the timer may wait for a quiet moment. */
export const QUIET_WAIT_MAX_SECONDS = 90;
/** What "+5 min" adds. */
export const EXTEND_MS = 5 * 60_000;

/** A quiet stretch of the track, [start, end] in seconds (the class details' audioQuietSpans). */
export type QuietSpan = readonly [number, number];

/**
 * How the timer stops: where the volume can change it fades; where it cannot (iOS ignores it), it
 * waits for the track's next quiet span (at most QUIET_WAIT_MAX_SECONDS), so no word is cut.
 */
export type GentleStop = { canFade: boolean; quietSpans: readonly QuietSpan[] };

/** The part of an audio element the timer drives; the element itself fits, and so does a test fake. */
export interface FadeableMedia {
  volume: number;
  readonly paused: boolean;
  readonly currentTime: number;
  readonly duration: number;
  readonly playbackRate: number;
  pause(): void;
  addEventListener(type: 'play' | 'pause' | 'ended' | 'timeupdate', listener: () => void): void;
  removeEventListener(type: 'play' | 'pause' | 'ended' | 'timeupdate', listener: () => void): void;
}

/**
 * Whether the element's volume can change, tried at run time: iOS Safari keeps it at 1 whatever is
 * set, so a fade there does nothing. The volume is given back at once.
 */
export function volumeCanChange(media: Pick<FadeableMedia, 'volume'>): boolean {
  const before = media.volume;
  const probe = before > 0.5 ? before - 0.25 : before + 0.25;
  try {
    media.volume = probe;
  } catch {
    return false;
  }
  const changed = Math.abs(media.volume - probe) < 0.01;
  media.volume = before;
  return changed;
}

export type SleepTimerState = {
  choice: SleepTimerChoice;
  /** Listening time left before the pause, in whole seconds (rounded up); null when off. */
  secondsLeft: number | null;
  /** True while the volume is being lowered. */
  fading: boolean;
  /** True once the timer has paused the track (until the next choice). */
  finished: boolean;
  /** True while time is up and the track plays on to its next quiet moment (no fade possible). */
  waitingForQuiet: boolean;
};

type Clock = {
  now: () => number;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

export type SleepTimer = {
  set(choice: SleepTimerChoice): void;
  /** "+5 min": five more minutes of listening, while a timer of minutes runs. */
  extend(): void;
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
 * second while counting). Where the volume cannot change (`gentle.canFade` false), a timer of minutes
 * does not fade: once its time is up the track plays on to the first quiet span of `gentle.quietSpans`
 * that starts within QUIET_WAIT_MAX_SECONDS, and pauses inside it (at that limit when none does, at
 * once when the track has none).
 */
export function createSleepTimer(
  media: FadeableMedia,
  onChange: (state: SleepTimerState) => void,
  clock: Clock = {
    now: () => Date.now(),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  },
  gentle: GentleStop = { canFade: true, quietSpans: [] },
): SleepTimer {
  let choice: SleepTimerChoice = 'off';
  /** For a choice of minutes: listening time left, counted down while playing. */
  let remainingMs = 0;
  let lastTick: number | null = null;
  let ticker: unknown = null;
  let baseVolume = media.volume;
  let fading = false;
  let finished = false;
  /** Once time is up without a fade: where in the track to pause (from, latest), in seconds. */
  let quietTarget: { from: number; latest: number } | null = null;
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
      waitingForQuiet: quietTarget !== null,
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

  function finish() {
    // Pause first, so the pause is heard at the faded (near-silent) volume, then give it back.
    media.pause();
    restoreVolume();
    choice = 'off';
    finished = true;
    quietTarget = null;
    stopTicking();
  }

  /** The quiet moment to pause in, chosen when time is up at track position `now`. */
  function targetFrom(now: number): { from: number; latest: number } {
    const latest = now + QUIET_WAIT_MAX_SECONDS;
    if (gentle.quietSpans.length === 0) return { from: now, latest: now };
    const span = gentle.quietSpans.find(([start, end]) => end > now + 0.5 && start <= latest);
    // A little way into the span, so the pause falls on silence rather than its edge.
    if (span) return { from: Math.max(now, Math.min(span[0] + 0.3, (span[0] + span[1]) / 2)), latest };
    return { from: latest, latest };
  }

  function tick() {
    if (typeof choice === 'number' && lastTick !== null) {
      const now = clock.now();
      remainingMs -= Math.max(0, now - lastTick);
      lastTick = now;
    }
    const left = msLeft();
    if (left === null) return notify();
    if (left <= 0 && typeof choice === 'number' && !gentle.canFade) {
      quietTarget ??= targetFrom(media.currentTime);
      // The listening clock caps the wait too, should the track's position stand still.
      if (media.currentTime >= quietTarget.from || -left >= QUIET_WAIT_MAX_SECONDS * 1000) finish();
    } else if (left <= 0 && typeof choice === 'number') {
      finish();
    } else if (left < FADE_OUT_MS && (gentle.canFade || choice === 'end')) {
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

  const onTimeUpdate = () => {
    if (quietTarget) tick();
  };
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
    restoreVolume();
    quietTarget = null;
    // "End of track" did its work; a countdown still running has nothing left to pause: it goes off,
    // rather than showing a time that no longer counts.
    if (choice === 'end') finished = true;
    choice = 'off';
    notify();
  };
  media.addEventListener('play', onPlay);
  media.addEventListener('pause', onPause);
  media.addEventListener('ended', onEnded);
  media.addEventListener('timeupdate', onTimeUpdate);

  return {
    set(next) {
      stopTicking();
      restoreVolume();
      baseVolume = media.volume;
      choice = next;
      finished = false;
      quietTarget = null;
      remainingMs = typeof next === 'number' ? next * 60_000 : 0;
      if (!media.paused) startTicking();
      tick();
    },
    extend() {
      if (typeof choice !== 'number') return;
      const playing = ticker !== null;
      stopTicking();
      remainingMs = Math.max(0, remainingMs) + EXTEND_MS;
      quietTarget = null;
      restoreVolume();
      if (playing) startTicking();
      tick();
    },
    state,
    dispose() {
      stopTicking();
      restoreVolume();
      media.removeEventListener('timeupdate', onTimeUpdate);
      media.removeEventListener('play', onPlay);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('ended', onEnded);
    },
  };
}
