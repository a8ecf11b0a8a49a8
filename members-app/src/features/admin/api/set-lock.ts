import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './use-admin-mutation.ts';

export type LockableLevel = 'phase' | 'path' | 'class';

const collection: Record<LockableLevel, string> = { phase: 'phases', path: 'paths', class: 'classes' };

/** PATCH /api/admin/{phases|paths|classes}/{id}/lock: the three levels take the same body. */
export const setLock = ({
  level,
  id,
  isUnlocked,
}: {
  level: LockableLevel;
  id: number;
  isUnlocked: boolean;
}) =>
  api.patch<{ id: number; isUnlocked: boolean }>(`/api/admin/${collection[level]}/${id}/lock`, {
    isUnlocked,
  });

export const useSetLock = () => useAdminMutation(setLock);
