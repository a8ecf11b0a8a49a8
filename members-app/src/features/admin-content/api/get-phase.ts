import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPhaseSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';

export const getPhase = (phaseId: number) => api.get(adminPhaseSchema, `/api/admin/phases/${phaseId}`);

export const phaseQueryOptions = (phaseId: number) =>
  queryOptions({ queryKey: adminKeys.phases.detail(phaseId), queryFn: () => getPhase(phaseId) });

export const usePhase = (phaseId: number) => useQuery(phaseQueryOptions(phaseId));
