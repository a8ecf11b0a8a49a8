import { adminClassSchema, type UpdateClassInput } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

/** Class fields without pathId or orderIndex: the order changes only by dragging. */
export const updateClass = ({ classId, body }: { classId: number; body: UpdateClassInput }) =>
  api.put(adminClassSchema, `/api/admin/classes/${classId}`, body);

export const useUpdateClass = () => useAdminMutation(updateClass, { answerRows: () => adminKeys.classes });
