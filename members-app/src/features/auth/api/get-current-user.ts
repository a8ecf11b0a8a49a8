import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@sleep-ritual/contracts/user';
import { authKeys } from './keys.ts';

export const CURRENT_USER_STALE_MS = 300_000;

/** Spec 000 §7: the user, or null when anonymous (401); other failures are errors. */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const response = await fetch('/api/user', { credentials: 'include' });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
  return (await response.json()) as CurrentUser;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    refetchOnMount: true,
    retry: false,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
