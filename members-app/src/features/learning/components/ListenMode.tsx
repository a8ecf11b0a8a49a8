import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { useFocusTrap } from '../../../lib/use-focus-trap.ts';
import { clockTime } from '../lib/format-duration.ts';
import { fallbackImages } from '../lib/images.ts';
import { mediaElementPlayer } from '../listen/media-element-player.ts';
import { attachMediaSession, SKIP_SECONDS } from '../listen/media-session.ts';
import {
  createSleepTimer,
  SLEEP_TIMER_CHOICES,
  type SleepTimer,
  type SleepTimerChoice,
  type SleepTimerState,
} from '../listen/sleep-timer.ts';
import { useWatchTracker } from '../tracker/use-watch-tracker.ts';

type Props = {
  details: ClassDetails;
  audioUrl: string;
  /** Where listening starts: the furthest point reached, 0 for a completed class. */
  resumeAt: number;
  onClose: () => void;
  /** Present when the class also has a video: closes listen mode to watch it. */
  onWatchVideo?: () => void;
};

const TIMER_LABELS: Record<SleepTimerChoice, string> = {
  off: 'Off',
  15: '15 minutes',
  30: '30 minutes',
  45: '45 minutes',
  60: '60 minutes',
  end: 'End of track',
};

/**
 * Listen mode: a full-screen, dark player with large controls on the HTML audio element, for the
 * moment the learner is in bed. Play/pause, 15 s back, the position and the time remaining, a sleep
 * timer with a 30-second fade, night mode (the whole screen black until the next tap), and the lock
 * screen's and headphones' controls through the Media Session API. Listening is recorded by the same
 * tracker as the video, so resume, completion and the admin's figures count it. Playback starts at
 * once (the Listen tap allows it), from where the learner left off.
 */
export function ListenMode({ details, audioUrl, resumeAt, onClose, onWatchVideo }: Props) {
  const titleId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [startAt] = useState(resumeAt);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [night, setNight] = useState(false);
  const playback = usePlayback(audio);
  const [timer, setTimer] = useState<SleepTimerState>({
    choice: 'off',
    secondsLeft: null,
    fading: false,
    finished: false,
  });
  const sleepTimer = useRef<SleepTimer | null>(null);
  const trapKeys = useFocusTrap(layer, onClose, '.listen-play');

  const player = useMemo(() => (audio ? mediaElementPlayer(audio) : null), [audio]);
  useWatchTracker(player, details.id);

  useEffect(() => {
    if (!audio) return;
    return attachMediaSession(audio, {
      title: details.title,
      artist: details.path.title,
      album: details.label ?? details.phase.title,
      artworkUrl: details.artworkUrl ?? fallbackImages.pathCard,
    });
  }, [audio, details.title, details.path.title, details.label, details.phase.title, details.artworkUrl]);

  useEffect(() => {
    if (!audio) return;
    const timer = createSleepTimer(audio, setTimer);
    sleepTimer.current = timer;
    return () => {
      timer.dispose();
      sleepTimer.current = null;
    };
  }, [audio]);

  // Once the length is known (so the tracker's play event can say it): resume, then play.
  useEffect(() => {
    if (!audio) return;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      if (startAt > 0 && startAt < audio.duration - 1) {
        audio.currentTime = startAt;
        setResumedAt(startAt);
      }
      audio.play().catch((error: unknown) => console.warn('Could not start the audio', error));
    };
    const onError = () => setFailed(true);
    audio.addEventListener('error', onError);
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) start();
    else audio.addEventListener('loadedmetadata', start);
    return () => {
      audio.removeEventListener('loadedmetadata', start);
      audio.removeEventListener('error', onError);
    };
  }, [audio, startAt]);

  function toggle() {
    if (!audio) return;
    if (audio.paused) audio.play().catch((error: unknown) => console.warn('Could not play', error));
    else audio.pause();
  }

  function skip(seconds: number) {
    if (!audio) return;
    const end = Number.isFinite(audio.duration) ? audio.duration : Infinity;
    audio.currentTime = Math.min(Math.max(0, audio.currentTime + seconds), end);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    trapKeys(event);
    if (event.defaultPrevented || event.key === 'Escape' || night) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, select, textarea')) return;
    const onButton = target.closest('button') !== null;
    const key = event.key.toLowerCase();
    if ((key === ' ' && !onButton) || key === 'k') toggle();
    else if (key === 'arrowleft' || key === 'j') skip(-SKIP_SECONDS);
    else if (key === 'arrowright' || key === 'l') skip(SKIP_SECONDS);
    else if (key === 'n') setNight(true);
    else return;
    event.preventDefault();
  }

  const { position, duration, playing } = playback;
  const known = Number.isFinite(duration) && duration > 0;
  const remaining = known ? Math.max(0, duration - position) : null;

  return createPortal(
    <div
      ref={layer}
      className={`listen-mode${night ? ' is-night' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="listen-top">
        <button type="button" className="listen-text-button" aria-label="Close listen mode" onClick={onClose}>
          <span aria-hidden="true">←</span> Close
        </button>
        <button type="button" className="listen-text-button" onClick={() => setNight(true)}>
          <MoonIcon /> Night mode
        </button>
      </div>

      <div className="listen-body">
        <img
          className="listen-artwork"
          src={details.artworkUrl ?? fallbackImages.pathCard}
          alt=""
          onError={(event) => {
            event.currentTarget.src = fallbackImages.pathCard;
          }}
        />
        <div className="listen-heading">
          {details.label && <p className="listen-eyebrow">{details.label}</p>}
          <h2 id={titleId}>{details.title}</h2>
          <p className="listen-path">{details.path.title}</p>
        </div>

        <div className="listen-progress">
          <input
            type="range"
            className="listen-seek"
            aria-label="Position in the track"
            aria-valuetext={
              known ? `${spokenTime(position)} of ${spokenTime(duration)}` : 'Loading the track'
            }
            min={0}
            max={known ? Math.floor(duration) : 0}
            step={1}
            value={Math.floor(position)}
            disabled={!known}
            onChange={(event) => {
              if (audio) audio.currentTime = Number(event.target.value);
            }}
          />
          <p className="listen-times">
            <span>
              <span className="visually-hidden">Position </span>
              {clockTime(position)}
            </span>
            <span>
              <span className="visually-hidden">Remaining </span>
              {remaining === null ? '–:––' : `−${clockTime(remaining)}`}
            </span>
          </p>
        </div>

        <div className="listen-controls">
          <button
            type="button"
            className="listen-round listen-back"
            aria-label={`Back ${SKIP_SECONDS} seconds`}
            onClick={() => skip(-SKIP_SECONDS)}
            disabled={!known}
          >
            <BackIcon />
            <span aria-hidden="true" className="listen-back-seconds">
              {SKIP_SECONDS}
            </span>
          </button>
          <button
            type="button"
            className="listen-round listen-play"
            aria-label={playing ? 'Pause' : 'Play'}
            onClick={toggle}
            disabled={failed}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <span className="listen-round-spacer" aria-hidden="true" />
        </div>

        <p className="listen-note" role="status">
          {failed
            ? 'This track could not be played. Please try again later.'
            : resumedAt !== null
              ? `Resuming where you left off (${clockTime(resumedAt)})`
              : ''}
        </p>

        <SleepTimerControl state={timer} onChoose={(choice) => sleepTimer.current?.set(choice)} />

        {onWatchVideo && (
          <button type="button" className="listen-text-button" onClick={onWatchVideo}>
            Watch the video instead
          </button>
        )}
      </div>

      <audio ref={setAudio} src={audioUrl} preload="metadata" data-testid="listen-audio" />

      {night && <NightMode onWake={() => setNight(false)} />}
    </div>,
    document.body,
  );
}

/** The timer's choice and what it will do, said once to screen readers when it changes. */
function SleepTimerControl({
  state,
  onChoose,
}: {
  state: SleepTimerState;
  onChoose: (choice: SleepTimerChoice) => void;
}) {
  const id = useId();
  const { choice, secondsLeft, fading, finished } = state;
  const countdown =
    choice === 'off' || secondsLeft === null
      ? null
      : fading
        ? `Fading out · ${clockTime(secondsLeft)}`
        : choice === 'end'
          ? `Pauses at the end of the track · ${clockTime(secondsLeft)}`
          : `Pauses in ${clockTime(secondsLeft)}`;
  const announcement = finished
    ? 'Paused by the sleep timer. Sleep well.'
    : choice === 'off'
      ? ''
      : `Sleep timer set: ${TIMER_LABELS[choice]}`;
  return (
    <div className="listen-timer">
      <label htmlFor={id}>Sleep timer</label>
      <select
        id={id}
        value={String(choice)}
        onChange={(event) => {
          const value = event.target.value;
          onChoose(value === 'off' || value === 'end' ? value : (Number(value) as SleepTimerChoice));
        }}
      >
        {SLEEP_TIMER_CHOICES.map((option) => (
          <option key={option} value={String(option)}>
            {TIMER_LABELS[option]}
          </option>
        ))}
      </select>
      <p className="listen-timer-left" aria-hidden="true">
        {countdown ?? (finished ? 'Paused by the sleep timer. Sleep well.' : '')}
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

/** The whole screen black, nothing lit; any tap or key brings the player back. */
function NightMode({ onWake }: { onWake: () => void }) {
  const wake = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    wake.current?.focus();
  }, []);
  return (
    <button
      ref={wake}
      type="button"
      className="listen-night"
      aria-label="Night mode is on: tap anywhere or press any key to wake the screen"
      onClick={onWake}
      onKeyDown={(event) => {
        if (event.key === 'Tab') return;
        event.preventDefault();
        event.stopPropagation();
        onWake();
      }}
    />
  );
}

type Playback = { playing: boolean; position: number; duration: number };

/** The element's state for the screen, from its own events. */
function usePlayback(audio: HTMLAudioElement | null): Playback {
  const [playback, setPlayback] = useState<Playback>({ playing: false, position: 0, duration: NaN });
  useEffect(() => {
    if (!audio) return;
    const read = () =>
      setPlayback({ playing: !audio.paused, position: audio.currentTime, duration: audio.duration });
    const events = ['play', 'pause', 'ended', 'timeupdate', 'durationchange', 'loadedmetadata', 'seeked'];
    for (const event of events) audio.addEventListener(event, read);
    read();
    return () => {
      for (const event of events) audio.removeEventListener(event, read);
    };
  }, [audio]);
  return playback;
}

/** "3 minutes 5 seconds", for the position slider's spoken value. */
function spokenTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" fill="currentColor" />
    </svg>
  );
}

function BackIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5a7 7 0 1 1-6.93 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M4 6.5 7.5 3v7z" fill="currentColor" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="listen-icon">
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
    </svg>
  );
}
