import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPathDetailsSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

/** The path with the id and title of its phase and programme: the classes list's breadcrumb in one call. */
export const getPathCrumbs = (pathId: number) =>
  api.get(adminPathDetailsSchema, `/api/admin/paths/${pathId}`);

export const pathCrumbsQueryOptions = (pathId: number) =>
  queryOptions({ queryKey: adminKeys.pathCrumbs.detail(pathId), queryFn: () => getPathCrumbs(pathId) });

export const usePathCrumbs = (pathId: number) => useQuery(pathCrumbsQueryOptions(pathId));
