import { adminClassSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** A locked copy of the class, "… (copy)", at the end of its path's list. */
export const duplicateClass = (classId: number) =>
  api.post(adminClassSchema, `/api/admin/classes/${classId}/duplicate`);

export const useDuplicateClass = () => useAdminMutation(duplicateClass);
