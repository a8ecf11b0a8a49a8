import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathClassListSchema, type PathClass } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { learningKeys } from './keys.ts';
import { useRefetchAtOpening } from './refetch-at-opening.ts';

/** Spec 000 §7: the classes of a path (the class list shows only the first 10). */
export async function getPathClasses(pathId: number): Promise<PathClass[]> {
  return api.get(pathClassListSchema, `/api/paths/${pathId}/classes`);
}

export const pathClassesQueryOptions = (pathId: number) =>
  queryOptions({ queryKey: learningKeys.pathClasses(pathId), queryFn: () => getPathClasses(pathId) });

/** Spec 000 §4: the query runs only when a path id exists. */
export function usePathClasses(pathId: number | null | undefined) {
  const query = useQuery({
    ...pathClassesQueryOptions(pathId ?? 0),
    enabled: typeof pathId === 'number' && pathId > 0,
  });
  useRefetchAtOpening(query);
  return query;
}
