import { queryOptions, useQuery } from '@tanstack/react-query';
import { resetTokenCheckSchema } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** GET /api/reset-password?token=…: whether the link still works, without using it. */
export const checkResetToken = (token: string) =>
  api.get(resetTokenCheckSchema, `/api/reset-password?${new URLSearchParams({ token })}`);

export const resetTokenCheckQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.resetTokenCheck(token),
    queryFn: () => checkResetToken(token),
    // Asked once per opening: a link used meanwhile in another tab is caught by the submission.
    staleTime: 0,
    gcTime: 0,
  });

export function useResetTokenCheck(token: string) {
  return useQuery({ ...resetTokenCheckQueryOptions(token), enabled: token.length > 0 });
}
