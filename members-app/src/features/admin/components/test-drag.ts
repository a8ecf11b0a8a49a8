import { act, fireEvent } from '@testing-library/react';

/** Picks a row up by its handle, moves it one step up with the keyboard and drops it (dnd-kit's keys). */
export async function keyboardDragUp(handle: HTMLElement) {
  handle.focus();
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  // The sensor starts listening for the moving keys on the next tick after the pick-up.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.keyDown(handle, { code: 'ArrowUp', key: 'ArrowUp' });
  fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
}
