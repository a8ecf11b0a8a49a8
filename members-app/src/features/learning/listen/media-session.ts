/** The seconds the lock screen's and headphones' skip buttons move by, as the player's own back button. */
export const SKIP_SECONDS = 15;

export type MediaSessionInfo = {
  title: string;
  /** Shown under the title: the class's path, say. */
  artist: string;
  album: string;
  artworkUrl: string;
};

const ACTIONS = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto'] as const;

/**
 * Lock-screen and headphone controls for an audio element through the Media Session API: the class's
 * title, path and artwork, play and pause, skips of 15 s back and forward, and seeking to a point,
 * with the position kept current so the lock screen's progress bar is right. Browsers without the API
 * get nothing (the element's own playback still continues with the screen locked). Answers the undo.
 */
export function attachMediaSession(
  element: HTMLMediaElement,
  info: MediaSessionInfo,
  session: MediaSession | undefined = typeof navigator === 'undefined' ? undefined : navigator.mediaSession,
): () => void {
  if (!session) return () => {};
  if (typeof MediaMetadata === 'function') {
    session.metadata = new MediaMetadata({
      title: info.title,
      artist: info.artist,
      album: info.album,
      artwork: [{ src: new URL(info.artworkUrl, window.location.href).href, sizes: '512x512' }],
    });
  }

  const seekTo = (seconds: number) => {
    const duration = Number.isFinite(element.duration) ? element.duration : Infinity;
    element.currentTime = Math.min(Math.max(0, seconds), duration);
  };
  const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler> = {
    play: () => void element.play().catch(() => {}),
    pause: () => element.pause(),
    seekbackward: (details) => seekTo(element.currentTime - (details.seekOffset ?? SKIP_SECONDS)),
    seekforward: (details) => seekTo(element.currentTime + (details.seekOffset ?? SKIP_SECONDS)),
    seekto: (details) => {
      if (typeof details.seekTime !== 'number') return;
      if (details.fastSeek && typeof element.fastSeek === 'function') element.fastSeek(details.seekTime);
      else seekTo(details.seekTime);
    },
  };
  for (const action of ACTIONS) setHandler(session, action, handlers[action]);

  const updatePosition = () => {
    session.playbackState = element.paused ? 'paused' : 'playing';
    const { duration, currentTime, playbackRate } = element;
    if (!Number.isFinite(duration) || duration <= 0 || typeof session.setPositionState !== 'function') return;
    try {
      session.setPositionState({
        duration,
        playbackRate: playbackRate || 1,
        position: Math.min(Math.max(0, currentTime), duration),
      });
    } catch {
      // A browser that refuses the numbers keeps its own idea of the position.
    }
  };
  const events = ['play', 'pause', 'durationchange', 'seeked', 'ratechange', 'ended'] as const;
  for (const event of events) element.addEventListener(event, updatePosition);
  updatePosition();

  return () => {
    for (const event of events) element.removeEventListener(event, updatePosition);
    for (const action of ACTIONS) setHandler(session, action, null);
    session.metadata = null;
    session.playbackState = 'none';
  };
}

/** A browser that does not know an action throws: that control is simply not offered there. */
function setHandler(
  session: MediaSession,
  action: MediaSessionAction,
  handler: MediaSessionActionHandler | null,
) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // Not supported here.
  }
}
