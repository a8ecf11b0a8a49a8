import { type ChangeMemberEmailBody, memberDetailSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { useMemberMutation } from './use-member-mutation.ts';

/** PATCH /api/admin/members/{id}: a new address, unique whatever its case (409 otherwise). */
export const changeMemberEmail = ({ memberId, body }: { memberId: number; body: ChangeMemberEmailBody }) =>
  api.patch(memberDetailSchema, `/api/admin/members/${memberId}`, body);

export const useChangeMemberEmail = () => useMemberMutation(changeMemberEmail, { answersMember: true });
