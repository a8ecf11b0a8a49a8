import { emailQueuedSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { useMemberMutation } from './use-member-mutation.ts';

/** POST /api/admin/members/{id}/resend-create-account: a fresh link for the newest order that gives access. */
export const resendCreateAccount = ({ memberId }: { memberId: number }) =>
  api.post(emailQueuedSchema, `/api/admin/members/${memberId}/resend-create-account`);

export const useResendCreateAccount = () => useMemberMutation(resendCreateAccount);
