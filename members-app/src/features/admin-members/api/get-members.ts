import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberListSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, type MemberFilters } from '../../../lib/admin/keys.ts';
import { queryString } from '../../../lib/admin/query-string.ts';

/** GET /api/admin/members: part of an e-mail or name, any case; newest members first. */
export const getMembers = (filters: MemberFilters) =>
  api.get(memberListSchema, `/api/admin/members${queryString(filters)}`);

export const membersQueryOptions = (filters: MemberFilters) =>
  queryOptions({
    queryKey: adminKeys.members.list(filters),
    queryFn: () => getMembers(filters),
    // Buyers arrive through the checkout at any time: ask again whenever the list is shown.
    staleTime: 0,
    // The table stays in place while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useMembers = (filters: MemberFilters) => useQuery(membersQueryOptions(filters));
