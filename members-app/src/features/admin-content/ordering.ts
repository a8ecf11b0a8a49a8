import type { OrderUpdate } from '@sleep-ritual/contracts/admin';

/**
 * Spec 001 §4 and §9: a drag sets each row's order to its new list position, counted from 0 for
 * programmes, phases and classes and from 1 for paths.
 */
export const ORDER_BASE = { program: 0, phase: 0, path: 1, class: 0 } as const;

/**
 * A new row's order: one past the highest in its list, so it lands at the end ("Night 7" after
 * "Night 6"), or `first` in an empty list.
 */
export function endOfList(rows: readonly { orderIndex: number }[], first: number): number {
  return rows.reduce((next, row) => Math.max(next, row.orderIndex + 1), first);
}

/** The reorder body for a list in its new order. */
export function orderUpdates(items: readonly { id: number }[], base: number): OrderUpdate[] {
  return items.map((item, index) => ({ id: item.id, orderIndex: base + index }));
}

/**
 * The list after dropping `activeId` onto `overId`'s place, or null when nothing moved (dropped on
 * itself or outside the list), so no call is made for it.
 */
export function moveById<T extends { id: number }>(
  items: readonly T[],
  activeId: number,
  overId: number,
): T[] | null {
  const from = items.findIndex((item) => item.id === activeId);
  const to = items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return null;
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

/**
 * The server's rows in the admin's unsaved order (ids). Rows the order does not know (added meanwhile)
 * go last; ids whose rows are gone (deleted meanwhile) drop out.
 */
export function applyOrder<T extends { id: number }>(
  items: readonly T[],
  order: readonly number[] | null,
): T[] {
  if (!order) return [...items];
  const place = new Map(order.map((id, index) => [id, index]));
  // Sorting is stable: the rows the order does not know keep their own order after the others.
  const at = (item: T) => place.get(item.id) ?? order.length;
  return [...items].sort((a, b) => at(a) - at(b));
}
