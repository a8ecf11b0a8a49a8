import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  progressRecordSchema,
  type ProgressCompletion,
  type ProgressRecord,
} from '@sleep-ritual/contracts/progress';
import { api } from '../../../lib/api-client.ts';
import { setCachedClassProgress } from './get-class-details.ts';
import { learningKeys } from './keys.ts';

/**
 * The learner's "Mark as complete" (`{ completed: true }`) or its undo, or listen mode's sleep timer
 * ending the night (`{ completed: true, reason: 'asleep' }`); answers the learner's record.
 */
export async function setClassCompletion(
  classId: number,
  completion: ProgressCompletion,
): Promise<ProgressRecord> {
  return api.put(progressRecordSchema, `/api/progress/${classId}/completion`, completion);
}

/**
 * Marks a class complete or not, then shows it at once on the class page (so reopening a completed
 * night starts at 0:00) and marks the path, programme, "Tonight" and the morning check-in stale, so the
 * next class moves on everywhere.
 */
export function useSetClassCompletion(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completion: ProgressCompletion) => setClassCompletion(classId, completion),
    onSuccess: (record) => {
      setCachedClassProgress(queryClient, classId, {
        maxPositionSec: record.maxPositionSec,
        durationSeconds: record.durationSeconds,
        percentWatched: record.percentWatched,
        completed: record.completed,
      });
      void queryClient.invalidateQueries({ queryKey: learningKeys.paths() });
      void queryClient.invalidateQueries({ queryKey: learningKeys.hierarchies() });
      void queryClient.invalidateQueries({ queryKey: learningKeys.tonight() });
      void queryClient.invalidateQueries({ queryKey: learningKeys.checkIns() });
    },
  });
}
