import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/login/link: e-mail me a sign-in link (the answer is the same for any address). */
export const requestSignInLink = (body: { email: string }) =>
  api.post(
    () => import('@sleep-ritual/contracts/auth').then((m) => m.messageSchema),
    '/api/login/link',
    body,
  );

export function useRequestSignInLink() {
  return useMutation({ mutationFn: requestSignInLink });
}

/** POST /api/login/link/sign-in: the e-mailed link's token signs the learner in, once. */
export const signInWithLink = (token: string) =>
  api.post(
    () => import('@sleep-ritual/contracts/user').then((m) => m.mailedSignInSchema),
    '/api/login/link/sign-in',
    { token },
  );

export function useSignInWithLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithLink,
    // As after a password sign-in: nothing cached for a previous visitor may show.
    onSuccess: () => queryClient.clear(),
  });
}
