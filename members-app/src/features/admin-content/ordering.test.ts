import { describe, expect, it } from 'vitest';
import { applyOrder, endOfList, moveById, ORDER_BASE, orderUpdates } from './ordering.ts';

const list = [{ id: 7 }, { id: 3 }, { id: 9 }];

describe('orderUpdates', () => {
  it('numbers programmes, phases and classes from 0 and paths from 1 (spec 001 §9)', () => {
    expect(orderUpdates(list, ORDER_BASE.program)).toEqual([
      { id: 7, orderIndex: 0 },
      { id: 3, orderIndex: 1 },
      { id: 9, orderIndex: 2 },
    ]);
    expect(ORDER_BASE.phase).toBe(0);
    expect(ORDER_BASE.class).toBe(0);
    expect(orderUpdates(list, ORDER_BASE.path)).toEqual([
      { id: 7, orderIndex: 1 },
      { id: 3, orderIndex: 2 },
      { id: 9, orderIndex: 3 },
    ]);
  });
});

describe('moveById', () => {
  it('puts the dropped row in the place of the row it was dropped on, both ways', () => {
    expect(moveById(list, 9, 7)?.map((row) => row.id)).toEqual([9, 7, 3]);
    expect(moveById(list, 7, 9)?.map((row) => row.id)).toEqual([3, 9, 7]);
    expect(moveById(list, 3, 9)?.map((row) => row.id)).toEqual([7, 9, 3]);
  });

  it('answers null when the row is dropped on itself or on nothing known, so nothing is sent', () => {
    expect(moveById(list, 3, 3)).toBeNull();
    expect(moveById(list, 3, 42)).toBeNull();
  });

  it('leaves the original list as it was', () => {
    moveById(list, 9, 7);
    expect(list.map((row) => row.id)).toEqual([7, 3, 9]);
  });
});

describe('applyOrder', () => {
  it('shows the rows in the unsaved order, new rows last and vanished ones dropped', () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    expect(applyOrder(rows, [3, 99, 1, 2]).map((row) => row.id)).toEqual([3, 1, 2, 4]);
    expect(applyOrder(rows, null).map((row) => row.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('endOfList', () => {
  it('puts a new row one past the highest order of its list, gaps and all', () => {
    const nights = [0, 1, 2, 3, 4, 5].map((orderIndex) => ({ orderIndex }));
    expect(endOfList(nights, ORDER_BASE.class)).toBe(6);
    expect(endOfList([{ orderIndex: 4 }, { orderIndex: 1 }], ORDER_BASE.phase)).toBe(5);
  });

  it("starts an empty list at its level's first place", () => {
    expect(endOfList([], ORDER_BASE.class)).toBe(0);
    expect(endOfList([], ORDER_BASE.path)).toBe(1);
  });
});
