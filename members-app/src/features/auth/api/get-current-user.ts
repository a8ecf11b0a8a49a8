import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_DELETED } from '@sleep-ritual/contracts/signed-in-hint';
import type { CurrentUser } from '@sleep-ritual/contracts/user';
import { api, ApiError } from '../../../lib/api-client.ts';
import { clearQueue } from '../../../lib/offline-queue.ts';
import { currentUserCall } from './current-user-call.ts';
import { authKeys } from './keys.ts';

export const CURRENT_USER_STALE_MS = 300_000;

/**
 * Spec 000 §7: the user, or null when anonymous (401); other failures are errors. On a 401 the progress
 * still waiting to be sent goes (it is nobody's now, and would be sent with whoever signs in next); the
 * nights saved for offline stay for their learner's next sign-in, unless the learner deleted the account
 * (on another device): then they go too.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get(
      () => currentUserCall.contract().then((m) => m.currentUserSchema),
      currentUserCall.url,
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) {
      // Loaded only then: logout's module brings the schemas the first screen does without.
      const forget =
        error.serverMessage === ACCOUNT_DELETED
          ? import('./logout.ts').then(({ clearMemberDevice }) => clearMemberDevice())
          : clearQueue();
      void forget.catch(() => undefined);
      return null;
    }
    throw new Error(`HTTP error! status: ${error.status}`, { cause: error });
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: getCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    refetchOnMount: true,
    retry: false,
  });

/** `enabled: false`: not asked (a screen that knows the answer without it); pending until asked. */
export function useCurrentUser({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentUserQueryOptions(), enabled });
}
