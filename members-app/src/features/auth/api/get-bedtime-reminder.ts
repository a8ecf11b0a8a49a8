import { queryOptions, useQuery } from '@tanstack/react-query';
import { bedtimeReminderSchema } from '@sleep-ritual/contracts/reminders';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** GET /api/account/reminder: the learner's bedtime reminder setting and when the next one goes. */
export const getBedtimeReminder = () => api.get(bedtimeReminderSchema, '/api/account/reminder');

export const bedtimeReminderQueryOptions = () =>
  queryOptions({ queryKey: authKeys.bedtimeReminder(), queryFn: getBedtimeReminder, staleTime: 0 });

export function useBedtimeReminder() {
  return useQuery(bedtimeReminderQueryOptions());
}
