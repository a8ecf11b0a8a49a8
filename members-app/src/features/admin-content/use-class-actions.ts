import type { AdminClass } from '@sleep-ritual/contracts/admin';
import { MESSAGES } from '../../lib/admin/messages.ts';
import { useAdminToasts } from '../../lib/admin/use-admin-toasts.ts';
import { useDeleteClass } from './api/delete-class.ts';
import { useDuplicateClass } from './api/duplicate-class.ts';
import { useReorderClasses } from './api/reorder-classes.ts';
import { moveById } from './ordering.ts';

/** What the classes list does to its rows (move, delete, duplicate), each saying how it went in a toast. */
export function useClassActions(pathId: number, classes: readonly AdminClass[] | undefined) {
  const reorder = useReorderClasses();
  const remove = useDeleteClass();
  const duplicate = useDuplicateClass();
  const toasts = useAdminToasts();

  /** §4: classes are saved right after a drop onto another class, as positions 0..n-1. */
  function move(activeId: number, overId: number) {
    const moved = classes && moveById(classes, activeId, overId);
    if (!moved) return;
    reorder.mutate(
      { pathId, classes: moved },
      {
        onSuccess: () => toasts.success(MESSAGES.class.orderSaved),
        onError: () => toasts.classFailure(MESSAGES.class.orderFailed),
      },
    );
  }

  function deleteClass(lesson: AdminClass, onSettled: () => void) {
    remove.mutate(lesson.id, {
      onSuccess: () => toasts.success(MESSAGES.class.deleted),
      onError: () => toasts.classFailure(MESSAGES.class.deleteFailed),
      onSettled,
    });
  }

  /** The copy is locked and goes to the end of the list (the server decides both). */
  function duplicateClass(lesson: AdminClass) {
    duplicate.mutate(lesson.id, {
      onSuccess: () => toasts.success(MESSAGES.class.duplicated),
      onError: (error) => toasts.failure(MESSAGES.class.duplicateFailed, error),
    });
  }

  return {
    move,
    moving: reorder.isPending,
    remove: deleteClass,
    removing: remove.isPending,
    duplicate: duplicateClass,
    duplicating: duplicate.isPending,
  };
}
