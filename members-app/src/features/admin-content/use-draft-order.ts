import { useMemo, useState } from 'react';
import { applyOrder, moveById } from './ordering.ts';

/**
 * The unsaved order of a list that is saved with 'Save Ordering' (programmes, phases, paths: §4). The
 * draft holds ids only, so a row changed meanwhile (a lock flipped) shows its fresh state in the draft.
 */
export function useDraftOrder<T extends { id: number }>(items: readonly T[] | undefined) {
  const [order, setOrder] = useState<number[] | null>(null);
  const rows = useMemo(() => applyOrder(items ?? [], order), [items, order]);
  const changed = order !== null && rows.some((row, index) => row.id !== items?.[index]?.id);
  return {
    rows,
    changed,
    move(activeId: number, overId: number) {
      const moved = moveById(rows, activeId, overId);
      if (moved) setOrder(moved.map((row) => row.id));
    },
    /** After saving, the list's own order is the saved one. */
    clear: () => setOrder(null),
  };
}
