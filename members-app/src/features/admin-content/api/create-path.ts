import { adminPathSchema, type CreatePathInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const createPath = ({ phaseId, body }: { phaseId: number; body: CreatePathInput }) =>
  api.post(adminPathSchema, `/api/admin/phases/${phaseId}/paths`, body);

export const useCreatePath = () => useAdminMutation(createPath);
