import { adminProgramSchema, type CreateProgramInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export const createProgram = (body: CreateProgramInput) =>
  api.post(adminProgramSchema, '/api/admin/programs', body);

export const useCreateProgram = () => useAdminMutation(createProgram);
