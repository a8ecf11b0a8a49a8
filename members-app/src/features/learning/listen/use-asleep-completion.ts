import { useEffect, useRef } from 'react';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { useSetClassCompletion } from '../api/set-class-completion.ts';

/**
 * When the sleep timer has paused the night, the learner fell asleep to it: that counts as completing
 * it (reason `asleep`), so "Tonight" moves on to the next night and reopening this one starts at 0:00.
 * Sent once per time the timer ends (never from an admin's preview, which records nothing). A night
 * paused by hand is not completed: it resumes where it was paused.
 */
export function useAsleepCompletion(classId: number, timerFinished: boolean): void {
  const { mutate } = useSetClassCompletion(classId);
  const sent = useRef(false);
  useEffect(() => {
    if (!timerFinished) {
      sent.current = false;
      return;
    }
    if (sent.current || isAdminPreview()) return;
    sent.current = true;
    mutate(
      { completed: true, reason: 'asleep' },
      { onError: (error) => console.warn('Could not record the night as completed', error) },
    );
  }, [timerFinished, mutate]);
}
