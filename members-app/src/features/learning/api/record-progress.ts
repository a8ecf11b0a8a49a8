import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  progressRecordSchema,
  type ProgressEvent,
  type ProgressRecord,
} from '@sleep-ritual/contracts/progress';
import { isAdminPreview } from '../../../lib/admin-preview.ts';
import { api } from '../../../lib/api-client.ts';
import { queueForLater, waitsAfterAnswer } from '../../../lib/offline-queue.ts';
import { createWatchTracker, type TrackablePlayer } from '../tracker/watch-tracker.ts';
import { setCachedWatchProgress } from './get-class-details.ts';
import { learningKeys } from './keys.ts';

const progressUrl = (classId: number) => `/api/progress/${classId}`;

/** Spec 000 §7: PUT /api/progress/{classId} with one watch event; answers the learner's record. */
export async function recordProgress(classId: number, event: ProgressEvent): Promise<ProgressRecord> {
  return api.put(progressRecordSchema, progressUrl(classId), event);
}

/**
 * The exit event, sent while the page goes away: navigator.sendBeacon survives the unload but can only
 * POST, so the server takes POST on the same path. text/plain keeps the beacon a simple request; when
 * the browser refuses to queue it, a keepalive fetch carries it instead. Offline (a saved night in
 * airplane mode, the screen locking), it waits with the rest of the progress made offline: a beacon
 * would be lost. So does a keepalive fetch that fails or is answered "later" (a restart).
 */
export function sendProgressBeacon(
  classId: number,
  event: ProgressEvent,
  keepForLater: typeof queueForLater = queueForLater,
): void {
  const url = progressUrl(classId);
  const body = JSON.stringify(event);
  const waitForNetwork = () =>
    void keepForLater({ method: 'POST', url, body: event }).catch((error: unknown) =>
      console.warn('Could not keep the exit from the class for later', error),
    );
  if (navigator.onLine === false) return waitForNetwork();
  if (typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'text/plain;charset=UTF-8' }))) return;
    } catch {
      // Fall through to fetch.
    }
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    keepalive: true,
  }).then((answer) => {
    if (waitsAfterAnswer({ method: 'POST', url, body: event }, answer.status)) waitForNetwork();
  }, waitForNetwork);
}

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
        setCachedWatchProgress(queryClient, classId, {
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
