import { queryOptions, useQuery } from '@tanstack/react-query';
import { programHierarchySchema, type ProgramHierarchy } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { learningKeys } from './keys.ts';
import { useRefetchAtOpening } from './refetch-at-opening.ts';

/** Spec 000 §7: a programme with its phases and paths (and how much of each path is done). */
export async function getProgramHierarchy(programId: number): Promise<ProgramHierarchy> {
  return api.get(programHierarchySchema, `/api/programs/${programId}/hierarchy`);
}

export const programHierarchyQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: learningKeys.hierarchy(programId),
    queryFn: () => getProgramHierarchy(programId),
  });

export function useProgramHierarchy(programId: number | null) {
  const query = useQuery({ ...programHierarchyQueryOptions(programId ?? 0), enabled: programId !== null });
  useRefetchAtOpening(query);
  return query;
}
