import { adminPhaseSchema, type CreatePhaseInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** The body the spec's phase form sends: programId, title, label or null, description or null, order 0. */
export const createPhase = ({ programId, body }: { programId: number; body: CreatePhaseInput }) =>
  api.post(adminPhaseSchema, `/api/admin/programs/${programId}/phases`, body);

export const useCreatePhase = () => useAdminMutation(createPhase);
