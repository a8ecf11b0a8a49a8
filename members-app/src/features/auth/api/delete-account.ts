import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DELETED_ROUTE } from '@sleep-ritual/contracts/app-routes';
import { accountDeletedSchema } from '@sleep-ritual/contracts/account';
import type { DeleteAccountBody } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { clearMemberDevice, leaveSignedOutFor } from './logout.ts';

/** DELETE /api/account: the member confirms with their password, or the code of a fresh sign-in e-mail. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.delete(accountDeletedSchema, '/api/account', body);

/**
 * Once deleted, the member is signed out everywhere: what the device kept for them goes, and the page
 * is left for the deleted account's own page (loaded afresh: nothing of the account stays on screen).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await clearMemberDevice();
      leaveSignedOutFor(queryClient, ACCOUNT_DELETED_ROUTE);
    },
  });
}
