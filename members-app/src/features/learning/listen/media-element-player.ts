import type { TrackablePlayer, TrackedPlayerEvent } from '../tracker/watch-tracker.ts';

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
      if (!listeners.has(event)) listeners.set(event, new Map());
      listeners.get(event)!.set(callback, listener);
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
