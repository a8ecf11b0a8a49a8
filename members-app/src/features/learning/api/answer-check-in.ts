import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SleepCheckIn, SleepCheckInInput } from '@sleep-ritual/contracts/sleep-check-ins';
import { api } from '../../../lib/api-client.ts';
import { learningKeys } from './keys.ts';

/** The learner's answer about a night, and then, if they like, its quality (the same call again). */
export async function answerCheckIn(classId: number, input: SleepCheckInInput): Promise<SleepCheckIn> {
  return api.put(
    () => import('@sleep-ritual/contracts/sleep-check-ins').then((m) => m.sleepCheckInSchema),
    `/api/progress/${classId}/check-in`,
    input,
  );
}

/** Saves an answer; the card and the chart read the check-ins again afterwards. */
export function useAnswerCheckIn(classId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SleepCheckInInput) => answerCheckIn(classId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.checkIns() }),
  });
}
