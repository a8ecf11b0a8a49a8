import { describe, expect, it } from 'vitest';
import { AUTO_SCROLL } from './drag-settings.ts';

describe('auto-scroll', () => {
  it('starts within 20 % of an edge, every 5 ms, base speed 10 (spec 001 §9)', () => {
    expect(AUTO_SCROLL).toEqual({ threshold: { x: 0.2, y: 0.2 }, interval: 5, acceleration: 10 });
  });
});
