import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { useFocusTrap } from '../../../lib/use-focus-trap.ts';
import { useWatchTracker } from '../api/record-progress.ts';
import { clockTime } from '../lib/format-duration.ts';
import { fallbackImages } from '../lib/images.ts';
import { attachMediaSession, SKIP_SECONDS } from '../listen/media-session.ts';
import {
  EXTEND_MS,
  SLEEP_TIMER_CHOICES,
  type SleepTimerChoice,
  type SleepTimerState,
} from '../listen/sleep-timer.ts';
import { useAsleepCompletion } from '../listen/use-asleep-completion.ts';
import { useNightMode } from '../listen/use-night-mode.ts';
import { useSleepTimer } from '../listen/use-sleep-timer.ts';
import { SaveForOffline } from '../offline/SaveForOffline.tsx';
import { mediaElementPlayer } from '../tracker/watch-tracker.ts';
import { ContentImage } from './LearningUi.tsx';
import { ListenTranscript } from './ListenTranscript.tsx';

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
  const { night, enter: enterNight, wake } = useNightMode(layer, '.listen-play');
  const [showTranscript, setShowTranscript] = useState(false);
  const transcriptId = useId();
  const playback = usePlayback(audio);
  const sleepTimer = useSleepTimer(audio, details.audioQuietSpans);
  const trapKeys = useFocusTrap(layer, onClose, '.listen-play');

  const player = useMemo(() => (audio ? mediaElementPlayer(audio) : null), [audio]);
  useWatchTracker(player, details.id);
  useAsleepCompletion(details.id, sleepTimer.state.finished);
  useListenMediaSession(audio, details);
  const { resumedAt, failed } = useStartPlayback(audio, resumeAt);
  const controls = audioControls(audio);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    trapKeys(event);
    if (event.defaultPrevented || event.key === 'Escape' || night) return;
    if (handleListenKey(event, controls, enterNight)) event.preventDefault();
  }

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
      <ListenTopBar
        hasTranscript={Boolean(details.transcriptUrl)}
        showTranscript={showTranscript}
        transcriptId={transcriptId}
        onClose={onClose}
        onToggleTranscript={() => setShowTranscript((shown) => !shown)}
        onNight={enterNight}
      />

      <div className={`listen-body${showTranscript && details.transcriptUrl ? ' has-transcript' : ''}`}>
        {showTranscript && details.transcriptUrl ? (
          <ListenTranscript
            id={transcriptId}
            url={details.transcriptUrl}
            position={playback.position}
            onSeek={controls.seek}
          />
        ) : (
          <ListenArtwork artworkUrl={details.artworkUrl} />
        )}
        <div className="listen-heading">
          {details.label && <p className="listen-eyebrow">{details.label}</p>}
          <h2 id={titleId}>{details.title}</h2>
          <p className="listen-path">{details.path.title}</p>
        </div>

        <ListenProgress playback={playback} onSeek={controls.seek} />
        <ListenControls
          playing={playback.playing}
          known={isKnown(playback.duration)}
          failed={failed}
          controls={controls}
        />

        <p className="listen-note" role="status">
          {failed
            ? 'This track could not be played. Please try again later.'
            : resumedAt !== null
              ? `Resuming where you left off (${clockTime(resumedAt)})`
              : ''}
        </p>

        <SleepTimerControl
          state={sleepTimer.state}
          onChoose={sleepTimer.choose}
          onExtend={sleepTimer.extend}
        />

        <div className="listen-extras">
          {onWatchVideo && (
            <button type="button" className="listen-text-button" onClick={onWatchVideo}>
              Watch the video instead
            </button>
          )}
          {!isAdminPreview() && <SaveForOffline details={details} tone="listen" />}
        </div>
      </div>

      <audio ref={setAudio} src={audioUrl} preload="metadata" data-testid="listen-audio">
        {details.transcriptUrl && (
          <track kind="captions" src={details.transcriptUrl} srcLang="en" label="Transcript" default />
        )}
      </audio>

      {night && <NightMode onWake={wake} />}
    </div>,
    document.body,
  );
}

/** The lock screen's and headphones' controls, and what they show, for this class. */
function useListenMediaSession(audio: HTMLAudioElement | null, details: ClassDetails) {
  const { title, label, artworkUrl } = details;
  const pathTitle = details.path.title;
  const phaseTitle = details.phase.title;
  useEffect(() => {
    if (!audio) return;
    return attachMediaSession(audio, {
      title,
      artist: pathTitle,
      album: label ?? phaseTitle,
      artworkUrl: artworkUrl ?? fallbackImages.pathCard,
    });
  }, [audio, title, pathTitle, label, phaseTitle, artworkUrl]);
}

/**
 * Once the length is known (so the tracker's play event can say it): resume at `resumeAt` (as it was
 * when listen mode opened), then play. Says where it resumed, and whether the track failed to load.
 */
function useStartPlayback(audio: HTMLAudioElement | null, resumeAt: number) {
  const [startAt] = useState(resumeAt);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
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
  return { resumedAt, failed };
}

type AudioControls = { toggle: () => void; skip: (seconds: number) => void; seek: (seconds: number) => void };

/** Play/pause, skipping within the track and seeking, on the element once it is there. */
function audioControls(audio: HTMLAudioElement | null): AudioControls {
  return {
    toggle() {
      if (!audio) return;
      if (audio.paused) audio.play().catch((error: unknown) => console.warn('Could not play', error));
      else audio.pause();
    },
    skip(seconds) {
      if (!audio) return;
      const end = Number.isFinite(audio.duration) ? audio.duration : Infinity;
      audio.currentTime = Math.min(Math.max(0, audio.currentTime + seconds), end);
    },
    seek(seconds) {
      if (audio) audio.currentTime = seconds;
    },
  };
}

/** Listen mode's keys (space or k, arrows or j/l, n): whether the key was one of them. */
function handleListenKey(
  event: KeyboardEvent<HTMLDivElement>,
  controls: AudioControls,
  enterNight: () => void,
): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('input, select, textarea')) return false;
  const onButton = target.closest('button') !== null;
  const key = event.key.toLowerCase();
  if ((key === ' ' && !onButton) || key === 'k') controls.toggle();
  else if (key === 'arrowleft' || key === 'j') controls.skip(-SKIP_SECONDS);
  else if (key === 'arrowright' || key === 'l') controls.skip(SKIP_SECONDS);
  else if (key === 'n') enterNight();
  else return false;
  return true;
}

const isKnown = (duration: number) => Number.isFinite(duration) && duration > 0;

function ListenTopBar({
  hasTranscript,
  showTranscript,
  transcriptId,
  onClose,
  onToggleTranscript,
  onNight,
}: {
  hasTranscript: boolean;
  showTranscript: boolean;
  transcriptId: string;
  onClose: () => void;
  onToggleTranscript: () => void;
  onNight: () => void;
}) {
  return (
    <div className="listen-top">
      <button type="button" className="listen-text-button" aria-label="Close listen mode" onClick={onClose}>
        <span aria-hidden="true">←</span> <span className="listen-close-word">Close</span>
      </button>
      {hasTranscript && (
        <button
          type="button"
          className="listen-text-button"
          aria-expanded={showTranscript}
          aria-controls={showTranscript ? transcriptId : undefined}
          onClick={onToggleTranscript}
        >
          Transcript
        </button>
      )}
      <button type="button" className="listen-text-button" onClick={onNight}>
        <MoonIcon /> Night mode
      </button>
    </div>
  );
}

/** Swaps to the night sky once when the artwork fails: offline, the fallback may fail too. */
function ListenArtwork({ artworkUrl }: { artworkUrl: string | null }) {
  return (
    <ContentImage src={artworkUrl} fallback={fallbackImages.pathCard} className="listen-artwork" priority />
  );
}

/** The position slider, the position and the time remaining. */
function ListenProgress({ playback, onSeek }: { playback: Playback; onSeek: (seconds: number) => void }) {
  const { position, duration } = playback;
  const known = isKnown(duration);
  const remaining = known ? Math.max(0, duration - position) : null;
  return (
    <div className="listen-progress">
      <input
        type="range"
        className="listen-seek"
        aria-label="Position in the track"
        aria-valuetext={known ? `${spokenTime(position)} of ${spokenTime(duration)}` : 'Loading the track'}
        min={0}
        max={known ? Math.floor(duration) : 0}
        step={1}
        value={Math.floor(position)}
        disabled={!known}
        onChange={(event) => onSeek(Number(event.target.value))}
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
  );
}

function ListenControls({
  playing,
  known,
  failed,
  controls,
}: {
  playing: boolean;
  known: boolean;
  failed: boolean;
  controls: AudioControls;
}) {
  return (
    <div className="listen-controls">
      <button
        type="button"
        className="listen-round listen-back"
        aria-label={`Back ${SKIP_SECONDS} seconds`}
        onClick={() => controls.skip(-SKIP_SECONDS)}
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
        onClick={controls.toggle}
        disabled={failed}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <span className="listen-round-spacer" aria-hidden="true" />
    </div>
  );
}

/** The timer's choice and what it will do, said once to screen readers when it changes. */
function SleepTimerControl({
  state,
  onChoose,
  onExtend,
}: {
  state: SleepTimerState;
  onChoose: (choice: SleepTimerChoice) => void;
  onExtend: () => void;
}) {
  const id = useId();
  const { choice, secondsLeft, fading, finished, waitingForQuiet } = state;
  const countdown =
    choice === 'off' || secondsLeft === null
      ? null
      : waitingForQuiet
        ? 'Pausing at the next quiet moment'
        : fading
          ? `Fading out · ${clockTime(secondsLeft)}`
          : choice === 'end'
            ? `Pauses at the end of the track · ${clockTime(secondsLeft)}`
            : `Pauses in ${clockTime(secondsLeft)}`;
  // Minutes "+5 min" added since the timer was chosen, said with it: the choice stays what was chosen.
  // A new choice (the same again too, after Off) starts from none.
  const [added, setAdded] = useState({ choice, minutes: 0 });
  const addedMinutes = added.choice === choice ? added.minutes : 0;
  const announcement = finished
    ? 'Paused by the sleep timer. Sleep well.'
    : choice === 'off'
      ? ''
      : `Sleep timer set: ${TIMER_LABELS[choice]}${addedMinutes ? `, ${addedMinutes} more minutes added` : ''}`;
  return (
    <div className="listen-timer">
      <label htmlFor={id}>Sleep timer</label>
      <select
        id={id}
        value={String(choice)}
        onChange={(event) => {
          const value = event.target.value;
          setAdded({ choice, minutes: 0 });
          onChoose(value === 'off' || value === 'end' ? value : (Number(value) as SleepTimerChoice));
        }}
      >
        {SLEEP_TIMER_CHOICES.map((option) => (
          <option key={option} value={String(option)}>
            {TIMER_LABELS[option]}
          </option>
        ))}
      </select>
      {typeof choice === 'number' && (
        <button
          type="button"
          className="listen-text-button listen-timer-extend"
          onClick={() => {
            setAdded({ choice, minutes: addedMinutes + EXTEND_MS / 60_000 });
            onExtend();
          }}
        >
          +5 min
        </button>
      )}
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
      aria-label="Night mode is on: tap anywhere or press a key other than Tab to wake the screen"
      onClick={onWake}
      onKeyDown={(event) => {
        event.preventDefault();
        event.stopPropagation();
        // Tab has nowhere to go on a black screen (the player's controls behind it are hidden): the
        // focus stays here, and the screen stays dark. Any other key, Shift too, wakes it.
        if (event.key !== 'Tab') onWake();
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
