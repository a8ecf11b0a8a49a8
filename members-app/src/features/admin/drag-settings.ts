import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/** Spec 001 §9: each arrow key moves the picked-up row by 25 px. */
export const KEYBOARD_STEP_PX = 25;

/** Spec 001 §9: scrolling starts within 20 % of an edge, steps every 5 ms, base speed 10. */
export const AUTO_SCROLL = { threshold: { x: 0.2, y: 0.2 }, interval: 5, acceleration: 10 } as const;

/** A pointer must travel this far before a press on a handle becomes a drag, so a click stays a click. */
export const POINTER_ACTIVATION_PX = 5;

const STEPS: Record<string, { x: number; y: number }> = {
  ArrowUp: { x: 0, y: -KEYBOARD_STEP_PX },
  ArrowDown: { x: 0, y: KEYBOARD_STEP_PX },
  ArrowLeft: { x: -KEYBOARD_STEP_PX, y: 0 },
  ArrowRight: { x: KEYBOARD_STEP_PX, y: 0 },
};

/** Where an arrow key moves the picked-up row; other keys move nothing. */
export const keyboardStep: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = STEPS[event.code];
  if (!step) return undefined;
  return { x: currentCoordinates.x + step.x, y: currentCoordinates.y + step.y };
};
