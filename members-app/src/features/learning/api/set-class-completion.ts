import { useMutation, useQueryClient } from '@tanstack/react-query';
import { progressRecordSchema, type ProgressRecord } from '@sleep-ritual/contracts/progress';
import { api } from '../../../lib/api-client.ts';
import { setCachedClassProgress } from './get-class-details.ts';
import { learningKeys } from './keys.ts';

/** The learner's "Mark as complete" (true) or its undo (false); answers the learner's record. */
export async function setClassCompletion(classId: number, completed: boolean): Promise<ProgressRecord> {
  return api.put(progressRecordSchema, `/api/progress/${classId}/completion`, { completed });
}

/**
 * Marks a class complete or not, then shows it at once on the class page and marks the path, programme
 * and "Tonight" stale, so the next class moves on everywhere.
 */
export function useSetClassCompletion(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (completed: boolean) => setClassCompletion(classId, completed),
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
    },
  });
}
