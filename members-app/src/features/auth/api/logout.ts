import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** Long enough to read "Signed out successfully" before the browser leaves for the home page. */
export const SIGNED_OUT_REDIRECT_MS = 1_200;

export const logout = () => api.post(successSchema, '/api/logout');

/** Spec 000 §4: logout clears the cached user and programme data and goes to /. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      window.setTimeout(() => {
        // Leave first: the member screens' guard would otherwise react to the cleared user.
        window.location.replace('/');
        queryClient.clear();
        queryClient.setQueryData(authKeys.currentUser(), null);
      }, SIGNED_OUT_REDIRECT_MS);
    },
  });
}
