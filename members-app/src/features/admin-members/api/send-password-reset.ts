import { emailQueuedSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { useMemberMutation } from './use-member-mutation.ts';

/** POST /api/admin/members/{id}/password-reset: the worker issues the token and mails the link. */
export const sendPasswordReset = ({ memberId }: { memberId: number }) =>
  api.post(emailQueuedSchema, `/api/admin/members/${memberId}/password-reset`);

export const useSendPasswordReset = () => useMemberMutation(sendPasswordReset);
