import { queryOptions, useQuery } from '@tanstack/react-query';
import { pathDetailsSchema, type PathDetails } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { learningKeys } from './keys.ts';
import { useRefetchAtOpening } from './refetch-at-opening.ts';

/** Spec 000 §7: a path with its phase and classes (and the learner's progress in each). */
export async function getPathDetails(pathId: number): Promise<PathDetails> {
  return api.get(pathDetailsSchema, `/api/paths/${pathId}/details`);
}

export const pathDetailsQueryOptions = (pathId: number) =>
  queryOptions({ queryKey: learningKeys.pathDetails(pathId), queryFn: () => getPathDetails(pathId) });

export function usePathDetails(pathId: number | null) {
  const query = useQuery({ ...pathDetailsQueryOptions(pathId ?? 0), enabled: pathId !== null });
  useRefetchAtOpening(query);
  return query;
}
