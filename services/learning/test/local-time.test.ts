import { describe, expect, it } from 'vitest';
import { instantAt, localDateOf, nextOccurrence } from '../src/local-time.ts';

const iso = (date: Date) => date.toISOString();

describe('wall-clock times in IANA zones', () => {
  it('finds the instant of a local time on either side of a daylight-saving change', () => {
    // New York: EST (UTC−5) until 8 March 2026 02:00, EDT (UTC−4) after.
    expect(iso(instantAt('2026-03-07', '21:30', 'America/New_York'))).toBe('2026-03-08T02:30:00.000Z');
    expect(iso(instantAt('2026-03-08', '21:30', 'America/New_York'))).toBe('2026-03-09T01:30:00.000Z');
    // London: GMT until 29 March 2026 01:00, BST (UTC+1) until 25 October.
    expect(iso(instantAt('2026-03-28', '22:00', 'Europe/London'))).toBe('2026-03-28T22:00:00.000Z');
    expect(iso(instantAt('2026-03-29', '22:00', 'Europe/London'))).toBe('2026-03-29T21:00:00.000Z');
    expect(iso(instantAt('2026-10-25', '22:00', 'Europe/London'))).toBe('2026-10-25T22:00:00.000Z');
    // Sydney, in the other hemisphere: AEDT (UTC+11) until 5 April 2026 03:00, then AEST (UTC+10).
    expect(iso(instantAt('2026-04-04', '21:00', 'Australia/Sydney'))).toBe('2026-04-04T10:00:00.000Z');
    expect(iso(instantAt('2026-04-05', '21:00', 'Australia/Sydney'))).toBe('2026-04-05T11:00:00.000Z');
    // Offsets that are not whole hours, and a zone without daylight saving time.
    expect(iso(instantAt('2026-11-25', '21:30', 'Asia/Kolkata'))).toBe('2026-11-25T16:00:00.000Z');
    expect(iso(instantAt('2026-11-25', '21:30', 'Asia/Kathmandu'))).toBe('2026-11-25T15:45:00.000Z');
    expect(iso(instantAt('2026-11-25', '21:30', 'UTC'))).toBe('2026-11-25T21:30:00.000Z');
  });

  it('moves a time that does not exist (clocks go forward) on by the gap, and takes the first of a repeated one', () => {
    // 02:30 on 8 March 2026 never happens in New York: it becomes 03:30 EDT.
    expect(iso(instantAt('2026-03-08', '02:30', 'America/New_York'))).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 on 1 November 2026 happens twice: first in EDT.
    expect(iso(instantAt('2026-11-01', '01:30', 'America/New_York'))).toBe('2026-11-01T05:30:00.000Z');
    // Lord Howe Island moves its clocks by half an hour.
    expect(iso(instantAt('2026-04-05', '01:45', 'Australia/Lord_Howe'))).toBe('2026-04-04T14:45:00.000Z');
  });

  it('gives the next occurrence strictly after a moment, tonight or tomorrow, across the change', () => {
    const zone = 'America/New_York';
    expect(iso(nextOccurrence('21:30', zone, new Date('2026-03-07T17:00:00Z')))).toBe(
      '2026-03-08T02:30:00.000Z',
    );
    // At the very minute, the next one is tomorrow's; and tomorrow is after the change.
    expect(iso(nextOccurrence('21:30', zone, new Date('2026-03-08T02:30:00Z')))).toBe(
      '2026-03-09T01:30:00.000Z',
    );
    // Late in the evening UTC is already the next day in Tokyo.
    expect(iso(nextOccurrence('06:45', 'Asia/Tokyo', new Date('2026-11-25T22:00:00Z')))).toBe(
      '2026-11-26T21:45:00.000Z',
    );
  });

  it('names the local calendar date of an instant', () => {
    expect(localDateOf(new Date('2026-03-09T01:30:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDateOf(new Date('2026-03-09T01:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-09');
  });
});
