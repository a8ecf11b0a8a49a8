import { describe, expect, it } from 'vitest';
import { clockTime, formatDuration, minutesLabel } from './format-duration.ts';

describe('formatDuration (spec 000 §9)', () => {
  it('0 or missing gives "0 min"', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(null)).toBe('0 min');
    expect(formatDuration(undefined)).toBe('0 min');
  });

  it('under 60 gives "N min"', () => {
    expect(formatDuration(1)).toBe('1 min');
    expect(formatDuration(16)).toBe('16 min');
    expect(formatDuration(59)).toBe('59 min');
  });

  it('an exact multiple of 60 gives "N hour(s)"', () => {
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(120)).toBe('2 hours');
  });

  it('otherwise "Nh Mm"', () => {
    expect(formatDuration(61)).toBe('1h 1m');
    expect(formatDuration(150)).toBe('2h 30m');
  });
});

describe('minutesLabel and clockTime', () => {
  it('reads "N Minutes" on the path page, 0 when unknown', () => {
    expect(minutesLabel(18)).toBe('18 Minutes');
    expect(minutesLabel(null)).toBe('0 Minutes');
  });

  it('shows a resume point as minutes and seconds, with hours when needed', () => {
    expect(clockTime(65)).toBe('1:05');
    expect(clockTime(3725.8)).toBe('1:02:05');
  });
});
