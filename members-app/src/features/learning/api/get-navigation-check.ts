import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NavigationCheck } from '@sleep-ritual/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { pathRoute, programRoute } from '../lib/routes.ts';
import { learningKeys } from './keys.ts';

/** Spec 000 §2, §7: whether opening the programme goes straight to its only path. */
export async function getNavigationCheck(programId: number): Promise<NavigationCheck> {
  return api.get(
    () => import('@sleep-ritual/contracts/catalog').then((m) => m.navigationCheckSchema),
    `/api/programs/${programId}/navigation-check`,
  );
}

export const navigationCheckQueryOptions = (programId: number) =>
  queryOptions({
    queryKey: learningKeys.navigationCheck(programId),
    queryFn: () => getNavigationCheck(programId),
  });

export function useNavigationCheck(programId: number | null) {
  return useQuery({ ...navigationCheckQueryOptions(programId ?? 0), enabled: programId !== null });
}

/** Where opening a programme leads: its only path when the check says to skip, else the programme page. */
export function programEntryRoute(programId: number, check: NavigationCheck | undefined): string {
  return check?.shouldSkipToPath && check.pathId !== null
    ? pathRoute(programId, check.pathId)
    : programRoute(programId);
}

/**
 * Spec 000 §2: opening a programme first runs the navigation check; skip → its only path, otherwise
 * (or when the check fails) → the programme page.
 */
export function useOpenProgram() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [openingId, setOpeningId] = useState<number | null>(null);

  const open = useCallback(
    async (programId: number) => {
      setOpeningId(programId);
      const check = await queryClient
        .fetchQuery(navigationCheckQueryOptions(programId))
        .catch((error: unknown) => {
          console.warn('The navigation check failed; opening the programme page', error);
          return undefined;
        });
      setOpeningId(null);
      navigate(programEntryRoute(programId, check));
    },
    [navigate, queryClient],
  );
  return { open, openingId };
}
