import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { successSchema } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { clearQueue } from '../../../lib/offline-queue.ts';
import { clearSavedNights } from '../../../lib/offline-tracks.ts';
import { authKeys } from './keys.ts';

/** Long enough to read "Signed out successfully" before the browser leaves for the home page. */
export const SIGNED_OUT_REDIRECT_MS = 1_200;

export const logout = () => api.post(successSchema, '/api/logout');

/**
 * Spec 000 §4: logout clears the cached user and programme data and goes to /; the nights saved for
 * offline go too.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => leaveSignedOut(queryClient),
  });
}

/**
 * After the member ended the session here (logout, a deleted account): the nights saved for offline,
 * the answers kept with them and any progress still waiting to be sent leave the device.
 */
export async function clearMemberDevice(): Promise<void> {
  await Promise.all([clearSavedNights(), clearQueue()]).catch(() => undefined);
}

/** A page load of `address` (the home page, the deleted account's page), with nothing cached for the member. */
export function leaveSignedOutFor(queryClient: QueryClient, address: string): void {
  // Leave first: the member screens' guard would otherwise react to the cleared user.
  window.location.replace(address);
  queryClient.clear();
  queryClient.setQueryData(authKeys.currentUser(), null);
}

/** After logout: the device cleared, a moment to read the message, then the home page. */
export async function leaveSignedOut(queryClient: QueryClient): Promise<void> {
  await clearMemberDevice();
  window.setTimeout(() => leaveSignedOutFor(queryClient, '/'), SIGNED_OUT_REDIRECT_MS);
}
