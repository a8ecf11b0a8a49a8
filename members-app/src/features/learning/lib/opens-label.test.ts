import { describe, expect, it } from 'vitest';
import { opensLabel } from './opens-label.ts';

/** A moment given as the browser's local wall-clock time. */
const local = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

describe('opensLabel: when a class that opens after the purchase opens, in the learner’s time zone', () => {
  const now = local(2026, 11, 25, 22, 15);

  it('a moment on the next calendar day, however close or far in hours, is "Opens tomorrow"', () => {
    expect(opensLabel(local(2026, 11, 26, 0, 5).toISOString(), now)).toBe('Opens tomorrow');
    expect(opensLabel(local(2026, 11, 26, 23, 59).toISOString(), now)).toBe('Opens tomorrow');
  });

  it('later the same day says the time; further ahead says the date', () => {
    expect(opensLabel(local(2026, 11, 25, 23, 30).toISOString(), now, 'en-US')).toBe(
      'Opens today at 11:30 PM',
    );
    expect(opensLabel(local(2026, 11, 27, 9).toISOString(), now, 'en-US')).toBe(
      'Opens on Friday, November 27',
    );
    expect(opensLabel(local(2027, 1, 2, 9).toISOString(), now, 'en-US')).toBe('Opens on Saturday, January 2');
  });
});
