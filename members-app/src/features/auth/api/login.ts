import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@sleep-ritual/contracts/auth';
import { api, ApiError } from '../../../lib/api-client.ts';

export const login = (body: LoginBody) =>
  api.post(() => import('@sleep-ritual/contracts/user').then((m) => m.currentUserSchema), '/api/login', body);

/** Spec 000 §8: the words a failed sign-in shows. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.includes('401')) {
    return 'The email or password you entered is incorrect.';
  }
  if (error instanceof ApiError) return error.serverMessage ?? 'Please try again';
  return error instanceof Error && error.message ? error.message : 'Please try again';
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A new person may be signed in now: nothing cached for the previous one may show.
    onSuccess: () => queryClient.clear(),
  });
}
