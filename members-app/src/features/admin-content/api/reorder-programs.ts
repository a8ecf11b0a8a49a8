import { adminProgramListSchema, type OrderUpdate } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** The body is the whole new order; the answer is every live programme in it. */
export const reorderPrograms = (updates: OrderUpdate[]) =>
  api.put(adminProgramListSchema, '/api/admin/programs/reorder', updates);

export const useReorderPrograms = () =>
  useAdminMutation(reorderPrograms, {
    answerKey: () => adminKeys.programs.list(),
    answerRows: () => adminKeys.programs,
  });
