import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountDeletedSchema } from '@sleep-ritual/contracts/account';
import type { DeleteAccountBody } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { leaveSignedOut } from './logout.ts';

/** DELETE /api/account: the member confirms with their password, or the code of a fresh sign-in e-mail. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.delete(accountDeletedSchema, '/api/account', body);

/** Once deleted, the member is signed out everywhere: as after logout, the page leaves for the home page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => leaveSignedOut(queryClient),
  });
}
