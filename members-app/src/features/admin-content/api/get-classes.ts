import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminClassListSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getClasses = (pathId: number) =>
  api.get(adminClassListSchema, `/api/admin/paths/${pathId}/classes`);

export const classesQueryOptions = (pathId: number) =>
  queryOptions({ queryKey: adminKeys.classes.list(pathId), queryFn: () => getClasses(pathId) });

export const useClasses = (pathId: number) => useQuery(classesQueryOptions(pathId));
