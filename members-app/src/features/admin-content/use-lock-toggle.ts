import { useSetLock, type LockableLevel } from './api/set-lock.ts';
import { MESSAGES } from '../../lib/admin/messages.ts';
import { useAdminToasts } from '../../lib/admin/use-admin-toasts.ts';

/** A row's lock switch: saved at once, with the level's toasts (a class failure is titled "Error", §8). */
export function useLockToggle(level: LockableLevel) {
  const setLock = useSetLock();
  const toasts = useAdminToasts();
  const words = MESSAGES[level];
  return {
    pendingId: setLock.isPending ? setLock.variables.id : undefined,
    toggle(id: number, isUnlocked: boolean) {
      setLock.mutate(
        { level, id, isUnlocked },
        {
          onSuccess: () => toasts.success(words.lockSaved),
          onError: (error) =>
            level === 'class'
              ? toasts.classFailure(words.lockFailed)
              : toasts.failure(words.lockFailed, error),
        },
      );
    },
  };
}
