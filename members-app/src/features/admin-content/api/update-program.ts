import { adminProgramSchema, type UpdateProgramInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const updateProgram = ({ programId, body }: { programId: number; body: UpdateProgramInput }) =>
  api.put(adminProgramSchema, `/api/admin/programs/${programId}`, body);

export const useUpdateProgram = () =>
  useAdminMutation(updateProgram, { answerRows: () => adminKeys.programs });
