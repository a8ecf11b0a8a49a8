import type { SensorContext } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { AUTO_SCROLL, KEYBOARD_STEP_PX, keyboardStep } from './drag-settings.ts';

const press = (code: string) =>
  keyboardStep(new KeyboardEvent('keydown', { code }), {
    active: 1,
    currentCoordinates: { x: 100, y: 200 },
    context: {} as SensorContext,
  });

describe('keyboard drag step', () => {
  it('moves the picked-up row 25 px per arrow key (spec 001 §9)', () => {
    expect(KEYBOARD_STEP_PX).toBe(25);
    expect(press('ArrowDown')).toEqual({ x: 100, y: 225 });
    expect(press('ArrowUp')).toEqual({ x: 100, y: 175 });
    expect(press('ArrowRight')).toEqual({ x: 125, y: 200 });
    expect(press('ArrowLeft')).toEqual({ x: 75, y: 200 });
  });

  it('moves nothing for other keys, which stay with the sensor (Space, Enter, Escape)', () => {
    expect(press('KeyA')).toBeUndefined();
    expect(press('Space')).toBeUndefined();
  });
});

describe('auto-scroll', () => {
  it('starts within 20 % of an edge, every 5 ms, base speed 10 (spec 001 §9)', () => {
    expect(AUTO_SCROLL).toEqual({ threshold: { x: 0.2, y: 0.2 }, interval: 5, acceleration: 10 });
  });
});
