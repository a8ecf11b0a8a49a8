import { deletedSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** Soft on the server too, so learners' progress on the class survives (services/catalog/README.md). */
export const deleteClass = (classId: number) => api.delete(deletedSchema, `/api/admin/classes/${classId}`);

export const useDeleteClass = () => useAdminMutation(deleteClass);
