import { adminClassSchema, adminPathSchema, adminPhaseSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from '../../../lib/admin/use-admin-mutation.ts';

export type LockableLevel = 'phase' | 'path' | 'class';

const collection: Record<LockableLevel, string> = { phase: 'phases', path: 'paths', class: 'classes' };
/** The answer is the row with its new lock, in the shape of its level. */
const rowSchema = { phase: adminPhaseSchema, path: adminPathSchema, class: adminClassSchema };

/** PATCH /api/admin/{phases|paths|classes}/{id}/lock: the three levels take the same body. */
export const setLock = ({
  level,
  id,
  isUnlocked,
}: {
  level: LockableLevel;
  id: number;
  isUnlocked: boolean;
}) => api.patch(rowSchema[level], `/api/admin/${collection[level]}/${id}/lock`, { isUnlocked });

export const useSetLock = () => useAdminMutation(setLock);
