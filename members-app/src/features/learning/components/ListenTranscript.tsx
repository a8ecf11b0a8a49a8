import { useEffect, useRef } from 'react';
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

/**
 * Listen mode's transcript: dim, large type that follows the audio. The cue being heard is marked
 * (aria-current) and kept in view; tapping a cue plays from there.
 */
export function ListenTranscript({ id, url, position, onSeek }: Props) {
  const transcript = useTranscript(url);
  const list = useRef<HTMLOListElement>(null);
  const cues = transcript.data ?? [];
  const current = cues.findLastIndex((cue) => cue.start <= position && position < cue.end);

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
        <ol ref={list}>
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`}>
              <button
                type="button"
                className="listen-cue"
                aria-current={index === current ? 'true' : undefined}
                onClick={() => onSeek(cue.start)}
              >
                <span className="visually-hidden">Play from {clockTime(cue.start)}: </span>
                {cuePlainText(cue.text)}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
