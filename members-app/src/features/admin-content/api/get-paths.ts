import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPathListSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getPaths = (phaseId: number) =>
  api.get(adminPathListSchema, `/api/admin/phases/${phaseId}/paths`);

export const pathsQueryOptions = (phaseId: number) =>
  queryOptions({ queryKey: adminKeys.paths.list(phaseId), queryFn: () => getPaths(phaseId) });

export const usePaths = (phaseId: number) => useQuery(pathsQueryOptions(phaseId));
