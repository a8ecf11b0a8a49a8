import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { cuePlainText } from '@sleep-ritual/contracts/webvtt';
import { clockTime } from '../lib/format-duration.ts';
import { useTranscript } from '../api/get-transcript.ts';

type Props = {
  id: string;
  url: string;
  /** The audio's position, in seconds. */
  position: number;
  onSeek: (seconds: number) => void;
};

/** The cue a key moves the keyboard's focus to, from cue `from` of `count`; undefined for other keys. */
function cueAfterKey(key: string, from: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(from + 1, count - 1);
    case 'ArrowUp':
      return Math.max(from - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * Listen mode's transcript: dim, large type that follows the audio. The cue being heard is marked
 * (aria-current) and kept in view; tapping a cue plays from there. The list is one stop of the Tab key
 * (the line being heard, or the last one heard), and the arrows, Home and End move within it: a night
 * has a hundred cues, and Pause, the timer and Close come after them.
 */
export function ListenTranscript({ id, url, position, onSeek }: Props) {
  const transcript = useTranscript(url);
  const list = useRef<HTMLOListElement>(null);
  const hintId = useId();
  const [focused, setFocused] = useState<number | null>(null);
  const cues = transcript.data ?? [];
  const current = cues.findLastIndex((cue) => cue.start <= position && position < cue.end);
  // In a silence between two lines, the line just heard: the keyboard comes in where the listener is.
  const tabStop =
    focused ??
    Math.max(
      cues.findLastIndex((cue) => cue.start <= position),
      0,
    );

  function moveFocus(event: KeyboardEvent<HTMLOListElement>) {
    const from = focused ?? tabStop;
    const to = cueAfterKey(event.key, from, cues.length);
    if (to === undefined) return;
    event.preventDefault();
    list.current?.querySelectorAll<HTMLButtonElement>('.listen-cue')[to]?.focus();
  }

  useEffect(() => {
    if (current < 0) return;
    const item = list.current?.children[current] as HTMLElement | undefined;
    // Within the panel only, never the page; not while the learner has moved focus into the list.
    if (item && !list.current?.contains(document.activeElement) && list.current?.parentElement)
      list.current.parentElement.scrollTop = item.offsetTop - list.current.parentElement.clientHeight / 3;
  }, [current]);

  return (
    <section id={id} className="listen-transcript" aria-label="Transcript">
      {transcript.isPending ? (
        <p role="status">Loading the transcript...</p>
      ) : transcript.isError || cues.length === 0 ? (
        <p role="status">The transcript could not be loaded.</p>
      ) : (
        <>
          <p id={hintId} className="visually-hidden">
            Up and down arrows move between lines; Enter plays from a line.
          </p>
          <ol
            ref={list}
            aria-describedby={hintId}
            onKeyDown={moveFocus}
            onBlur={(event) => {
              if (!list.current?.contains(event.relatedTarget)) setFocused(null);
            }}
          >
            {cues.map((cue, index) => (
              <li key={`${cue.start}-${index}`}>
                <button
                  type="button"
                  className="listen-cue"
                  tabIndex={index === tabStop ? 0 : -1}
                  aria-current={index === current ? 'true' : undefined}
                  onFocus={() => setFocused(index)}
                  onClick={() => onSeek(cue.start)}
                >
                  <span className="visually-hidden">Play from {clockTime(cue.start)}: </span>
                  {cuePlainText(cue.text)}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
