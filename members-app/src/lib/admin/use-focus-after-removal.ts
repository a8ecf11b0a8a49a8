import { useEffect, useState } from 'react';
import { focusScreenHeading } from '../focus-screen.ts';

/**
 * For a list whose rows are deleted in place: the confirmation hands the focus back to the row's
 * button, and the row goes only when the list is read again. Once the list no longer holds the removed
 * id and the focus fell to the page with its row, the focus goes to the screen's heading. Answers the
 * function to call with the id once its delete succeeded.
 */
export function useFocusAfterRemoval(ids: readonly number[] | undefined): (id: number) => void {
  const [removed, setRemoved] = useState<number | null>(null);
  useEffect(() => {
    if (removed === null || !ids || ids.includes(removed)) return;
    setRemoved(null);
    if (document.activeElement === null || document.activeElement === document.body) focusScreenHeading();
  }, [removed, ids]);
  return setRemoved;
}
