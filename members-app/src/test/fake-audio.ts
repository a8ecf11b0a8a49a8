import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom has the audio element but plays nothing. This gives one element a track of `duration`
 * seconds that a test plays by hand: play() and pause() change `paused` and fire their events, setting
 * currentTime seeks (firing seeked), and the helpers fire what a browser fires while the track loads
 * and plays (durationchange and loadedmetadata, timeupdate about four times a second, pause then ended).
 */
export function controlAudio(element: HTMLMediaElement, duration: number) {
  let time = 0;
  let paused = true;
  let loaded = false;
  let volume = 1;
  const fire = (name: string) => element.dispatchEvent(new Event(name));
  const play = vi.fn(() => {
    if (paused) {
      paused = false;
      fire('play');
    }
    return Promise.resolve();
  });
  const pause = vi.fn(() => {
    if (!paused) {
      paused = true;
      fire('pause');
    }
  });
  Object.defineProperties(element, {
    paused: { configurable: true, get: () => paused },
    duration: { configurable: true, get: () => (loaded ? duration : NaN) },
    readyState: { configurable: true, get: () => (loaded ? 1 : 0) },
    playbackRate: { configurable: true, get: () => 1 },
    volume: {
      configurable: true,
      get: () => volume,
      set: (value: number) => {
        volume = value;
      },
    },
    currentTime: {
      configurable: true,
      get: () => time,
      set: (value: number) => {
        time = value;
        fire('seeked');
      },
    },
    play: { configurable: true, value: play },
    pause: { configurable: true, value: pause },
  });

  return {
    play,
    pause,
    /** The browser has read the file's header: the length is known. */
    loadMetadata() {
      act(() => {
        loaded = true;
        fire('durationchange');
        fire('loadedmetadata');
      });
    },
    /** Plays on to `seconds` in quarter-second steps, as a browser reports it. */
    playTo(seconds: number) {
      act(() => {
        while (!paused && time < seconds) {
          time = Math.min(seconds, time + 0.25);
          fire('timeupdate');
        }
      });
    },
    /** The track reaches its end. */
    end() {
      act(() => {
        time = duration;
        fire('timeupdate');
        paused = true;
        fire('pause');
        fire('ended');
      });
    },
    fail() {
      act(() => fire('error'));
    },
  };
}
