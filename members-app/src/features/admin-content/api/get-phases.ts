import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPhaseListSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getPhases = (programId: number) =>
  api.get(adminPhaseListSchema, `/api/admin/programs/${programId}/phases`);

export const phasesQueryOptions = (programId: number) =>
  queryOptions({ queryKey: adminKeys.phases.list(programId), queryFn: () => getPhases(programId) });

export const usePhases = (programId: number) => useQuery(phasesQueryOptions(programId));
