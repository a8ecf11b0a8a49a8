import { useState, type ReactNode } from 'react';
import type { ClassDetails } from '@sleep-ritual/contracts/catalog';
import { ListenMode } from './ListenMode.tsx';

/**
 * A class with an audio track: "Listen" comes first and opens listen mode; the video, when there is
 * one, stays below it. Only one of them plays, and is tracked, at a time: the video leaves the page
 * while listen mode is open.
 */
export function ClassListen({
  details,
  audioUrl,
  resumeAt,
  video,
}: {
  details: ClassDetails;
  audioUrl: string;
  resumeAt: number;
  video: ReactNode;
}) {
  const [listening, setListening] = useState(false);
  return (
    <div className="class-listen">
      <div className="listen-launch">
        <button
          type="button"
          className="btn btn-primary listen-launch-button"
          onClick={() => setListening(true)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
          Listen
        </button>
        <p className="muted">
          Full screen and dark, with a sleep timer. It keeps playing with the screen locked.
          {video ? ' Or watch the video below.' : ''}
        </p>
      </div>
      {!listening && video}
      {listening && (
        <ListenMode
          details={details}
          audioUrl={audioUrl}
          resumeAt={resumeAt}
          onClose={() => setListening(false)}
          onWatchVideo={video ? () => setListening(false) : undefined}
        />
      )}
    </div>
  );
}
