import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInWithCodeBody } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';

/** POST /api/login/code: the 6-digit code of the sign-in e-mail signs the learner in, once. */
export const signInWithCode = (body: SignInWithCodeBody) =>
  api.post(
    () => import('@sleep-ritual/contracts/user').then((m) => m.mailedSignInSchema),
    '/api/login/code',
    body,
  );

export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithCode,
    // As after a password sign-in: nothing cached for a previous visitor may show.
    onSuccess: () => queryClient.clear(),
  });
}
