import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { UNSUBSCRIBE_PATH, unsubscribeAnswerSchema } from '@sleep-ritual/contracts/reminders';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

const unsubscribeUrl = (token: string) => `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`;

/** GET …/unsubscribe?token=…: whether the link is good and the reminder still on, changing nothing. */
export const checkUnsubscribeLink = (token: string) =>
  api.get(unsubscribeAnswerSchema, unsubscribeUrl(token));

export const unsubscribeLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.unsubscribeLink(token),
    queryFn: () => checkUnsubscribeLink(token),
    staleTime: 0,
    gcTime: 0,
  });

export function useUnsubscribeLink(token: string) {
  return useQuery({ ...unsubscribeLinkQueryOptions(token), enabled: token.length > 0 });
}

/** POST …/unsubscribe?token=…: the same one-click call mail providers make; no sign-in needed. */
export const unsubscribeReminders = (token: string) =>
  api.post(unsubscribeAnswerSchema, unsubscribeUrl(token));

export function useUnsubscribeReminders() {
  return useMutation({ mutationFn: unsubscribeReminders });
}
