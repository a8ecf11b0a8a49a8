import { deletedSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** A soft delete of the phase and everything beneath it. */
export const deletePhase = (phaseId: number) => api.delete(deletedSchema, `/api/admin/phases/${phaseId}`);

export const useDeletePhase = () => useAdminMutation(deletePhase, { leavesScreen: true });
