import { adminPhaseListSchema, type OrderUpdate } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** The address names no programme: the list holds every phase of one, and the answer is that list. */
export const reorderPhases = ({ updates }: { programId: number; updates: OrderUpdate[] }) =>
  api.put(adminPhaseListSchema, '/api/admin/phases/reorder', updates);

export const useReorderPhases = () =>
  useAdminMutation(reorderPhases, {
    answerKey: ({ programId }) => adminKeys.phases.list(programId),
    answerRows: () => adminKeys.phases,
  });
