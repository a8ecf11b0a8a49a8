import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { engagementSchema } from '@sleep-ritual/contracts/admin-members';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { queryString } from '../../../lib/admin/query-string.ts';

/** GET /api/admin/engagement: the programmes to choose from and, per class, started, completed, median. */
export const getEngagement = (programId?: number) =>
  api.get(engagementSchema, `/api/admin/engagement${queryString({ programId })}`);

export const engagementQueryOptions = (programId?: number) =>
  queryOptions({
    queryKey: adminKeys.engagement.detail(programId ?? 0),
    queryFn: () => getEngagement(programId),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useEngagement = (programId?: number) => useQuery(engagementQueryOptions(programId));
