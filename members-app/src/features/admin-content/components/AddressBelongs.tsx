import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AdminNotFound, useIds } from '../../../components/admin/ScreenStates.tsx';
import { pathCrumbsQueryOptions } from '../api/get-path-crumbs.ts';
import { phaseQueryOptions } from '../api/get-phase.ts';

/**
 * A phase at another programme's address (/admin/programs/4/phases/5 with phase 5 in programme 3), or a
 * path at another phase's, is an address that does not exist: the not-found screen, as for any other.
 * The check reads what the screen reads anyway (the phase, or the path's crumbs); while that loads or
 * fails, the screen shows its own loading and error states.
 */
export function AddressBelongs({ children }: { children: ReactNode }) {
  const { programId, phaseId, pathId } = useIds();
  const crumbs = useQuery({ ...pathCrumbsQueryOptions(pathId), enabled: pathId > 0 });
  const phase = useQuery({ ...phaseQueryOptions(phaseId), enabled: phaseId > 0 && pathId === 0 });
  const belongs =
    pathId > 0
      ? !crumbs.data || (crumbs.data.phase.id === phaseId && crumbs.data.program.id === programId)
      : !phase.data || phase.data.programId === programId;
  return belongs ? <>{children}</> : <AdminNotFound />;
}
