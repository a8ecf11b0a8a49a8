import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bedtimeReminderSchema, type BedtimeReminderInput } from '@sleep-ritual/contracts/reminders';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** PUT /api/account/reminder: turns the nightly reminder on or off; answers the saved setting. */
export const saveBedtimeReminder = (body: BedtimeReminderInput) =>
  api.put(bedtimeReminderSchema, '/api/account/reminder', body);

export function useSaveBedtimeReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBedtimeReminder,
    onSuccess: (saved) => queryClient.setQueryData(authKeys.bedtimeReminder(), saved),
  });
}
