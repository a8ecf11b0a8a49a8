import { useMutation } from '@tanstack/react-query';
import { accountDeletedSchema } from '@sleep-ritual/contracts/account';
import type { DeleteAccountBody } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { clearMemberDevice } from './logout.ts';

/** DELETE /api/account: the member confirms with their password, or the code of a fresh sign-in e-mail. */
export const deleteAccount = (body: DeleteAccountBody) =>
  api.delete(accountDeletedSchema, '/api/account', body);

/**
 * Once deleted, the member is signed out everywhere and what the device kept for them goes, as after
 * logout; the page stays on its confirmation until they leave it (goHomeSignedOut).
 */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: clearMemberDevice });
}
