import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { setCachedClassProgress } from '../api/get-class-details.ts';
import { learningKeys } from '../api/keys.ts';
import { recordProgress, sendProgressBeacon } from '../api/record-progress.ts';
import { createWatchTracker, type TrackablePlayer } from './watch-tracker.ts';

/**
 * Records the learner's watching of one class while its player is on the page (never in an admin's
 * "View as learner" tab, whose events the server would refuse anyway). Each recorded event
 * refreshes the cached class (so resuming starts from the right place) and marks the path and
 * programme pages and "Tonight" stale, so they show the new progress when the learner goes back.
 */
export function useWatchTracker(player: TrackablePlayer | null, classId: number): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!player || isAdminPreview()) return;
    const refreshLists = () => {
      void queryClient.invalidateQueries({ queryKey: learningKeys.paths() });
      void queryClient.invalidateQueries({ queryKey: learningKeys.hierarchies() });
      void queryClient.invalidateQueries({ queryKey: learningKeys.tonight() });
    };
    const tracker = createWatchTracker({
      player,
      send: async (event) => {
        const record = await recordProgress(classId, event);
        setCachedClassProgress(queryClient, classId, {
          maxPositionSec: record.maxPositionSec,
          durationSeconds: record.durationSeconds,
          percentWatched: record.percentWatched,
          completed: record.completed,
        });
        refreshLists();
      },
      sendExit: (event) => {
        sendProgressBeacon(classId, event);
        refreshLists();
      },
    });
    return () => tracker.stop({ exit: true });
  }, [player, classId, queryClient]);
}
