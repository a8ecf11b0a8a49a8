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

/** The part of a video player the tracker needs; the Vimeo player fits it, and so does a test fake. */
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
  const { player, send, sendExit } = options;
  const view = options.view ?? window;
  const doc = options.doc ?? document;
  const warn = options.warn ?? ((message, error) => console.warn(message, error));

  let stopped = false;
  let duration: number | null = null;
  let position: number | null = null;
  let playing = false;
  /** Where the last time report was, to measure playback between two reports. */
  let lastReport: number | null = null;
  let inSession = false;
  let sessionStarted = false;
  let sessionPlayed = 0;
  let sinceHeartbeat = 0;
  /** An exit already told the server where the learner is; another is sent only after new playback. */
  let exitSent = false;

  function learnDuration(value: number | undefined) {
    if (typeof value === 'number' && Number.isFinite(value) && Math.floor(value) >= 1) duration = value;
  }

  function learnTime(data: PlayerTimeData | undefined) {
    learnDuration(data?.duration);
    if (typeof data?.seconds === 'number' && Number.isFinite(data.seconds) && data.seconds >= 0) {
      position = data.seconds;
    }
  }

  function progressEvent(type: ProgressEventType): ProgressEvent | null {
    if (duration === null || position === null) return null;
    const durationSec = Math.floor(duration);
    return {
      position_sec: Math.min(Math.floor(position), durationSec),
      duration_sec: durationSec,
      event_type: type,
    };
  }

  function emit(type: ProgressEventType) {
    const event = progressEvent(type);
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
    if (exitSent) return;
    const event = progressEvent('exit');
    if (!event) return;
    exitSent = true;
    try {
      sendExit(event);
    } catch (error) {
      warn('Could not record the exit event', error);
    }
  }

  const handlers: Record<TrackedPlayerEvent, (data: PlayerTimeData) => void> = {
    play(data) {
      learnTime(data);
      playing = true;
      lastReport = position;
      exitSent = false;
      if (!inSession) {
        inSession = true;
        sessionStarted = false;
        sessionPlayed = 0;
      }
      emit('play');
    },
    timeupdate(data) {
      learnTime(data);
      const now = data?.seconds;
      if (typeof now !== 'number') return;
      const step = lastReport === null ? 0 : now - lastReport;
      lastReport = now;
      if (!playing || step <= 0 || step > MAX_PLAYBACK_STEP_SEC) return;
      exitSent = false;
      sessionPlayed += step;
      sinceHeartbeat += step;
      if (inSession && !sessionStarted && sessionPlayed >= SESSION_START_AFTER_SEC && duration !== null) {
        sessionStarted = true;
        emit('session_start');
      }
      if (sinceHeartbeat >= HEARTBEAT_EVERY_SEC && duration !== null) {
        sinceHeartbeat = 0;
        emit('timeupdate');
      }
    },
    seeked(data) {
      learnTime(data);
      lastReport = position;
    },
    pause(data) {
      learnTime(data);
      playing = false;
      lastReport = position;
      emit('pause');
    },
    ended(data) {
      learnTime(data);
      if (duration !== null && typeof data?.seconds !== 'number') position = duration;
      playing = false;
      inSession = false;
      sinceHeartbeat = 0;
      lastReport = position;
      emit('ended');
    },
    durationchange(data) {
      learnDuration(data?.duration);
    },
  };

  const onVisibility = () => {
    if (doc.visibilityState === 'hidden') exit();
  };
  const onPageHide = () => exit();

  // play and pause must say where they happened: a player that does not say so is asked.
  const listeners = Object.fromEntries(
    PLAYER_EVENTS.map((name) => [
      name,
      (data: unknown) => {
        const time = timeData(data);
        if (time.seconds !== undefined || (name !== 'play' && name !== 'pause')) return handlers[name](time);
        player.getCurrentTime().then(
          (seconds) => {
            if (!stopped) handlers[name]({ ...time, seconds });
          },
          (error: unknown) => warn('Could not read the playback position', error),
        );
      },
    ]),
  ) as Record<TrackedPlayerEvent, (data: unknown) => void>;
  for (const name of PLAYER_EVENTS) player.on(name, listeners[name]);
  doc.addEventListener('visibilitychange', onVisibility);
  view.addEventListener('pagehide', onPageHide);
  player.getDuration().then(
    (value) => {
      if (!stopped) learnDuration(value);
    },
    (error: unknown) => warn('Could not read the video duration', error),
  );

  return {
    stop({ exit: sendExitNow = false } = {}) {
      if (stopped) return;
      if (sendExitNow) exit();
      stopped = true;
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

/** The time fields of a player event, whatever else it carries. */
function timeData(data: unknown): PlayerTimeData {
  if (typeof data !== 'object' || data === null) return {};
  const { seconds, duration } = data as Record<string, unknown>;
  return {
    seconds: typeof seconds === 'number' ? seconds : undefined,
    duration: typeof duration === 'number' ? duration : undefined,
  };
}
