import type { ProgressEvent, ProgressEventType } from '@sleep-ritual/contracts/progress';

/** Spec 000 §4 and §9: session_start once playback reaches 3 s; a timeupdate every 30 s of playback. */
export const SESSION_START_AFTER_SEC = 3;
export const HEARTBEAT_EVERY_SEC = 30;
/**
 * The player reports the time several times a second; a larger jump between two reports is a seek (or
 * a skip the player made), not playback, so it counts towards neither session_start nor the heartbeat.
 */
export const MAX_PLAYBACK_STEP_SEC = 5;

/** What the player says with its events (Vimeo: seconds, duration, percent). */
export type PlayerTimeData = { seconds?: number; duration?: number };

const PLAYER_EVENTS = ['play', 'pause', 'ended', 'timeupdate', 'seeked', 'durationchange'] as const;
export type TrackedPlayerEvent = (typeof PLAYER_EVENTS)[number];

/**
 * The part of a video player the tracker needs; the Vimeo player fits it, and so does a test fake. An
 * audio element is made one by mediaElementPlayer (at the end of this file).
 */
export interface TrackablePlayer {
  on(event: TrackedPlayerEvent, callback: (data: unknown) => void): void;
  off(event: TrackedPlayerEvent, callback?: (data: unknown) => void): void;
  getCurrentTime(): Promise<number>;
  getDuration(): Promise<number>;
}

export type WatchTrackerOptions = {
  player: TrackablePlayer;
  /** Sends play, session_start, timeupdate, pause and ended (PUT). */
  send: (event: ProgressEvent) => Promise<unknown> | void;
  /** Sends exit while the page goes away (a beacon): it cannot wait for an answer. */
  sendExit: (event: ProgressEvent) => void;
  /** Where page hide is heard; the browser's own by default. */
  view?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  warn?: (message: string, error: unknown) => void;
};

export type WatchTracker = {
  /** Stops listening; with exit, first sends the exit event (the page unmounts). */
  stop(options?: { exit?: boolean }): void;
};

/**
 * Turns a player's events into the spec's watch-progress events (spec 000 §4): nothing is sent until
 * the video's duration is known; play; session_start once per play session when playback reaches 3 s;
 * timeupdate at least every 30 s of playback; pause; ended; exit on page hide or unmount when position
 * and duration are known. A play session runs from a play until the video ends, so pausing and
 * resuming is the same session and watching again after the end is a new one. Failures are only
 * logged: the learner never sees them.
 */
export function createWatchTracker(options: WatchTrackerOptions): WatchTracker {
  const { player } = options;
  const view = options.view ?? window;
  const doc = options.doc ?? document;
  const warn = options.warn ?? ((message, error) => console.warn(message, error));
  const state = newWatchState();
  const { emit, exit } = reporter(state, { send: options.send, sendExit: options.sendExit, warn });
  const handlers = playerHandlers(state, emit);

  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') exit();
  };
  const onPageHide = () => exit();
  const listeners = playerListeners(player, handlers, state, warn);
  for (const name of PLAYER_EVENTS) player.on(name, listeners[name]);
  doc.addEventListener('visibilitychange', onVisibility);
  view.addEventListener('pagehide', onPageHide);
  player.getDuration().then(
    (value) => {
      if (!state.stopped) learnDuration(state, value);
    },
    (error: unknown) => warn('Could not read the video duration', error),
  );

  return {
    stop({ exit: sendExitNow = false } = {}) {
      if (state.stopped) return;
      if (sendExitNow) exit();
      state.stopped = true;
      doc.removeEventListener('visibilitychange', onVisibility);
      view.removeEventListener('pagehide', onPageHide);
      for (const name of PLAYER_EVENTS) {
        try {
          player.off(name, listeners[name]);
        } catch {
          // The player may already be gone with the page.
        }
      }
    },
  };
}

/** What the tracker knows of the player and of the play session, changed as events arrive. */
type WatchState = {
  stopped: boolean;
  duration: number | null;
  position: number | null;
  playing: boolean;
  /** Where the last time report was, to measure playback between two reports. */
  lastReport: number | null;
  inSession: boolean;
  sessionStarted: boolean;
  sessionPlayed: number;
  sinceHeartbeat: number;
  /** An exit already told the server where the learner is; another is sent only after new playback. */
  exitSent: boolean;
};

function newWatchState(): WatchState {
  return {
    stopped: false,
    duration: null,
    position: null,
    playing: false,
    lastReport: null,
    inSession: false,
    sessionStarted: false,
    sessionPlayed: 0,
    sinceHeartbeat: 0,
    exitSent: false,
  };
}

function learnDuration(state: WatchState, value: number | undefined) {
  if (typeof value === 'number' && Number.isFinite(value) && Math.floor(value) >= 1) state.duration = value;
}

function learnTime(state: WatchState, data: PlayerTimeData | undefined) {
  learnDuration(state, data?.duration);
  if (typeof data?.seconds === 'number' && Number.isFinite(data.seconds) && data.seconds >= 0) {
    state.position = data.seconds;
  }
}

/**
 * The event to send, once both the position and the duration are known. A session_start carries a new
 * play id: sent again after its answer was lost (the offline queue keeps the call), it counts one play.
 */
function progressEvent({ duration, position }: WatchState, type: ProgressEventType): ProgressEvent | null {
  if (duration === null || position === null) return null;
  const durationSec = Math.floor(duration);
  return {
    position_sec: Math.min(Math.floor(position), durationSec),
    duration_sec: durationSec,
    event_type: type,
    ...(type === 'session_start' ? { play_id: newPlayId() } : {}),
  };
}

/** 16 random bytes in hex (crypto.randomUUID needs a secure context; a phone on the LAN may not be one). */
function newPlayId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

type Reporting = Pick<WatchTrackerOptions, 'send' | 'sendExit'> & {
  warn: (message: string, error: unknown) => void;
};

/** Sends the events; a failure is only logged. */
function reporter(state: WatchState, { send, sendExit, warn }: Reporting) {
  function emit(type: ProgressEventType) {
    const event = progressEvent(state, type);
    if (!event) return;
    try {
      void Promise.resolve(send(event)).catch((error: unknown) =>
        warn(`Could not record the ${type} event`, error),
      );
    } catch (error) {
      warn(`Could not record the ${type} event`, error);
    }
  }

  function exit() {
    if (state.exitSent) return;
    const event = progressEvent(state, 'exit');
    if (!event) return;
    state.exitSent = true;
    try {
      sendExit(event);
    } catch (error) {
      warn('Could not record the exit event', error);
    }
  }

  return { emit, exit };
}

type PlayerHandlers = Record<TrackedPlayerEvent, (data: PlayerTimeData) => void>;

/** What each player event changes, and which progress event it sends. */
function playerHandlers(state: WatchState, emit: (type: ProgressEventType) => void): PlayerHandlers {
  return {
    play(data) {
      learnTime(state, data);
      state.playing = true;
      state.lastReport = state.position;
      state.exitSent = false;
      if (!state.inSession) {
        state.inSession = true;
        state.sessionStarted = false;
        state.sessionPlayed = 0;
      }
      emit('play');
    },
    timeupdate(data) {
      learnTime(state, data);
      const now = data?.seconds;
      if (typeof now !== 'number') return;
      const step = state.lastReport === null ? 0 : now - state.lastReport;
      state.lastReport = now;
      if (!state.playing || step <= 0 || step > MAX_PLAYBACK_STEP_SEC) return;
      countPlayback(state, step, emit);
    },
    seeked(data) {
      learnTime(state, data);
      state.lastReport = state.position;
    },
    pause(data) {
      learnTime(state, data);
      state.playing = false;
      state.lastReport = state.position;
      emit('pause');
    },
    ended(data) {
      learnTime(state, data);
      if (state.duration !== null && typeof data?.seconds !== 'number') state.position = state.duration;
      state.playing = false;
      state.inSession = false;
      state.sinceHeartbeat = 0;
      state.lastReport = state.position;
      emit('ended');
    },
    durationchange(data) {
      learnDuration(state, data?.duration);
    },
  };
}

/** Seconds really played: towards session_start and the next heartbeat. */
function countPlayback(state: WatchState, step: number, emit: (type: ProgressEventType) => void) {
  state.exitSent = false;
  state.sessionPlayed += step;
  state.sinceHeartbeat += step;
  if (
    state.inSession &&
    !state.sessionStarted &&
    state.sessionPlayed >= SESSION_START_AFTER_SEC &&
    state.duration !== null
  ) {
    state.sessionStarted = true;
    emit('session_start');
  }
  if (state.sinceHeartbeat >= HEARTBEAT_EVERY_SEC && state.duration !== null) {
    state.sinceHeartbeat = 0;
    emit('timeupdate');
  }
}

/** The player's listeners: play and pause must say where they happened; a player that does not is asked. */
function playerListeners(
  player: TrackablePlayer,
  handlers: PlayerHandlers,
  state: WatchState,
  warn: Reporting['warn'],
): Record<TrackedPlayerEvent, (data: unknown) => void> {
  return Object.fromEntries(
    PLAYER_EVENTS.map((name) => [
      name,
      (data: unknown) => {
        const time = timeData(data);
        if (time.seconds !== undefined || (name !== 'play' && name !== 'pause')) return handlers[name](time);
        player.getCurrentTime().then(
          (seconds) => {
            if (!state.stopped) handlers[name]({ ...time, seconds });
          },
          (error: unknown) => warn('Could not read the playback position', error),
        );
      },
    ]),
  ) as Record<TrackedPlayerEvent, (data: unknown) => void>;
}

/** The time fields of a player event, whatever else it carries. */
function timeData(data: unknown): PlayerTimeData {
  if (typeof data !== 'object' || data === null) return {};
  const { seconds, duration } = data as Record<string, unknown>;
  return {
    seconds: typeof seconds === 'number' ? seconds : undefined,
    duration: typeof duration === 'number' ? duration : undefined,
  };
}

type Callback = (data: unknown) => void;

/**
 * An audio (or video) element as the watch tracker's player: the same six events, each saying where
 * playback is (`seconds`) and how long the track is (`duration`, NaN until the element knows it, which
 * the tracker ignores), so listening is recorded by the very rules of watching.
 */
export function mediaElementPlayer(element: HTMLMediaElement): TrackablePlayer {
  const listeners = new Map<TrackedPlayerEvent, Map<Callback, () => void>>();
  return {
    on(event, callback) {
      const listener = () => callback({ seconds: element.currentTime, duration: element.duration });
      let forEvent = listeners.get(event);
      if (!forEvent) {
        forEvent = new Map();
        listeners.set(event, forEvent);
      }
      forEvent.set(callback, listener);
      element.addEventListener(event, listener);
    },
    off(event, callback) {
      const forEvent = listeners.get(event);
      if (!forEvent) return;
      for (const [registered, listener] of forEvent) {
        if (callback && registered !== callback) continue;
        element.removeEventListener(event, listener);
        forEvent.delete(registered);
      }
    },
    getCurrentTime: () => Promise.resolve(element.currentTime),
    getDuration: () => Promise.resolve(element.duration),
  };
}
