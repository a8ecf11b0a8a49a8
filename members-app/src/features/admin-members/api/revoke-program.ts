import { memberDetailSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { useMemberMutation } from './use-member-mutation.ts';

/** DELETE /api/admin/members/{id}/grants/{programId}: every purchase of it that gave access turns 'revoked'. */
export const revokeProgram = ({ memberId, programId }: { memberId: number; programId: number }) =>
  api.delete(memberDetailSchema, `/api/admin/members/${memberId}/grants/${programId}`);

export const useRevokeProgram = () => useMemberMutation(revokeProgram, { answersMember: true });
