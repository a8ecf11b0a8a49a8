import { adminClassSchema, adminPathSchema, adminPhaseSchema } from '@sleep-ritual/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/keys.ts';
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

const family = { phase: adminKeys.phases, path: adminKeys.paths, class: adminKeys.classes };

export const useSetLock = () => useAdminMutation(setLock, { answerRows: ({ level }) => family[level] });
