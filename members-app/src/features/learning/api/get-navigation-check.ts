import { queryOptions, useQuery } from '@tanstack/react-query';
import { navigationCheckSchema, type NavigationCheck } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { learningKeys } from './keys.ts';

/** Spec 000 §2, §7: whether opening the programme goes straight to its only path. */
export async function getNavigationCheck(programId: number): Promise<NavigationCheck> {
  return navigationCheckSchema.parse(await api.get(`/api/programs/${programId}/navigation-check`));
}

export const navigationCheckQueryOptions = (programId: number) =>
  queryOptions({ queryKey: learningKeys.navigationCheck(programId), queryFn: () => getNavigationCheck(programId) });

export function useNavigationCheck(programId: number | null) {
  return useQuery({ ...navigationCheckQueryOptions(programId ?? 0), enabled: programId !== null });
}

/** Where opening a programme leads: its only path when the check says to skip, else the programme page. */
export function programEntryRoute(programId: number, check: NavigationCheck | undefined): string {
  return check?.shouldSkipToPath && check.pathId !== null
    ? `/program/${programId}/path/${check.pathId}`
    : `/program/${programId}`;
}
