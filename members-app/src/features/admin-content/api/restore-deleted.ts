import { restoredSchema, type ContentLevel } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export type RestoreTarget = { level: ContentLevel; id: number };

/** Undoes a deletion: the row and what was deleted with it come back where they were. */
export const restoreDeleted = ({ level, id }: RestoreTarget) =>
  api.post(restoredSchema, `/api/admin/deleted/${level}/${id}/restore`);

export const useRestoreDeleted = () => useAdminMutation(restoreDeleted);
