import type { KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** Spec 001 §9: scrolling starts within 20 % of an edge, steps every 5 ms, base speed 10. */
export const AUTO_SCROLL = { threshold: { x: 0.2, y: 0.2 }, interval: 5, acceleration: 10 } as const;

/** A pointer must travel this far before a press on a handle becomes a drag, so a click stays a click. */
export const POINTER_ACTIVATION_PX = 5;

/**
 * Where an arrow key moves the picked-up row: onto the next row's place in that direction, so one press
 * moves it by one place (spec 001 §9's 25 px steps took four to six presses a row); other keys move
 * nothing.
 */
export const keyboardStep: KeyboardCoordinateGetter = sortableKeyboardCoordinates;
