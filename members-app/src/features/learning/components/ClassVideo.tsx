import { useEffect, useState } from 'react';
import type Player from '@vimeo/player';
import { useWatchTracker } from '../api/record-progress.ts';
import { clockTime } from '../lib/format-duration.ts';
import { VimeoPlayer } from './VimeoPlayer.tsx';

/**
 * The class's video with its watch tracker. It resumes at the furthest position the learner reached,
 * once, when the player is ready (a completed class starts from the beginning).
 */
export function ClassVideo({
  classId,
  vimeoId,
  storedUrl,
  title,
  resumeAt,
}: {
  classId: number;
  vimeoId: number;
  storedUrl: string | null;
  title: string;
  resumeAt: number;
}) {
  const [player, setPlayer] = useState<Player | null>(null);
  // Where the page opened; later progress from this visit must not seek the player again.
  const [startAt] = useState(resumeAt);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  useWatchTracker(player, classId);

  useEffect(() => {
    if (!player || startAt <= 0) return;
    let active = true;
    player
      .ready()
      .then(() => player.setCurrentTime(startAt))
      .then(() => {
        if (active) setResumedAt(startAt);
      })
      .catch((error: unknown) => console.warn('Could not resume the class', error));
    return () => {
      active = false;
    };
  }, [player, startAt]);

  return (
    <div className="class-video">
      <VimeoPlayer vimeoId={vimeoId} storedUrl={storedUrl} title={title} onPlayer={setPlayer} />
      <p className="resume-note" role="status">
        {resumedAt !== null ? `Resuming where you left off (${clockTime(resumedAt)})` : ''}
      </p>
    </div>
  );
}
