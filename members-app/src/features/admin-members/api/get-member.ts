import { queryOptions, useQuery } from '@tanstack/react-query';
import { memberDetailSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** GET /api/admin/members/{id}: account state, purchases and progress per class. */
export const getMember = (memberId: number) => api.get(memberDetailSchema, `/api/admin/members/${memberId}`);

export const memberQueryOptions = (memberId: number) =>
  queryOptions({
    queryKey: adminKeys.members.detail(memberId),
    queryFn: () => getMember(memberId),
    staleTime: 0,
  });

export const useMember = (memberId: number) => useQuery(memberQueryOptions(memberId));
