import { adminPhaseSchema, type UpdatePhaseInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const updatePhase = ({ phaseId, body }: { phaseId: number; body: UpdatePhaseInput }) =>
  api.put(adminPhaseSchema, `/api/admin/phases/${phaseId}`, body);

export const useUpdatePhase = () => useAdminMutation(updatePhase, { answerRows: () => adminKeys.phases });
