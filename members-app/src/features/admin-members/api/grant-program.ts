import { memberDetailSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { useMemberMutation } from './use-member-mutation.ts';

/** POST /api/admin/members/{id}/grants: a revoked programme comes back, otherwise a grant by hand. */
export const grantProgram = ({ memberId, programId }: { memberId: number; programId: number }) =>
  api.post(memberDetailSchema, `/api/admin/members/${memberId}/grants`, { programId });

export const useGrantProgram = () => useMemberMutation(grantProgram, { answersMember: true });
