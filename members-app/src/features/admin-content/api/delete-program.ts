import { deletedSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** A soft delete: the programme disappears for everyone, its data stays in the database. */
export const deleteProgram = (programId: number) =>
  api.delete(deletedSchema, `/api/admin/programs/${programId}`);

export const useDeleteProgram = () => useAdminMutation(deleteProgram, { leavesScreen: true });
