import { act, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

const ROW_PX = 60;

/**
 * jsdom has no layout: while a row is moved, the list's rows are stacked ROW_PX apart, so that the
 * keyboard's "next place" (dnd-kit's sortable coordinates) exists as it does in a browser.
 */
function stackRows() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (!this.classList.contains('admin-row') || !this.parentElement) return new DOMRect(0, 0, 0, 0);
    const index = [...this.parentElement.children].indexOf(this);
    return new DOMRect(0, index * ROW_PX, 320, ROW_PX - 4);
  });
}

/** Picks a row up by its handle, presses an arrow key `presses` times and drops it (dnd-kit's keys). */
export async function keyboardDrag(handle: HTMLElement, key: 'ArrowUp' | 'ArrowDown', presses = 1) {
  const layout = stackRows();
  const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  try {
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    // The sensor starts listening for the moving keys on the next tick after the pick-up.
    await tick();
    for (let press = 0; press < presses; press += 1) {
      fireEvent.keyDown(handle, { code: key, key });
      await tick();
    }
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  } finally {
    layout.mockRestore();
  }
}

/** Picks a row up by its handle, moves it one place up with one press and drops it. */
export function keyboardDragUp(handle: HTMLElement) {
  return keyboardDrag(handle, 'ArrowUp');
}
