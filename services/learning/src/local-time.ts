/**
 * Wall-clock times in IANA time zones, with nothing but `Intl` (Node 20 has no Temporal): when is
 * "21:30 in Europe/London" on a given date, and when does it next come round. Bedtime reminders are
 * scheduled with it, so a reminder stays at the learner's chosen local time across daylight-saving
 * changes.
 *
 * Times that do not exist (the hour skipped when clocks go forward) and times that happen twice (the
 * hour repeated when they go back) are resolved as Temporal's 'compatible' disambiguation does: a
 * skipped time moves forward by the length of the gap (02:30 becomes 03:30), a repeated one takes the
 * first of the two.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A calendar date, `2026-11-25`. */
export type LocalDate = string;
/** A wall-clock time, `21:30`. */
export type LocalTime = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (milliseconds, seconds kept). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  // Intl gives every part asked for; a missing one would make the date NaN, as Date.UTC does.
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN, second = NaN } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at `instant`, in milliseconds (London in summer: +3,600,000). */
function offsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

function parseDate(date: LocalDate): [number, number, number] {
  // A missing part is NaN, as Number() makes of anything that is not a number.
  const [year = NaN, month = NaN, day = NaN] = date.split('-').map(Number);
  return [year, month, day];
}

function parseTime(time: LocalTime): [number, number] {
  const [hour = NaN, minute = NaN] = time.split(':').map(Number);
  return [hour, minute];
}

function formatDate(wall: number): LocalDate {
  return new Date(wall).toISOString().slice(0, 10);
}

/** The calendar date in `timeZone` at `instant`. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  return formatDate(wallClockMs(instant.getTime(), timeZone));
}

/** The instant at which the wall clock in `timeZone` reads `time` on `date` (see the disambiguation above). */
export function instantAt(date: LocalDate, time: LocalTime, timeZone: string): Date {
  const [year, month, day] = parseDate(date);
  const [hour, minute] = parseTime(time);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // At most one change of offset lies within a day of any wall time, so the offsets a day either side
  // are the only candidates.
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (instant) => instant + offsetMs(instant, timeZone) === wall,
  );
  // Repeated (clocks went back): the earlier. Skipped (clocks went forward): read with the offset before
  // the change, which lands as far past the gap as the time was into it.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : wall - before);
}

/** The next instant strictly after `after` when the wall clock in `timeZone` reads `time`. */
export function nextOccurrence(time: LocalTime, timeZone: string, after: Date): Date {
  const [year, month, day] = parseDate(localDateOf(after, timeZone));
  for (let days = 0; ; days += 1) {
    const date = formatDate(Date.UTC(year, month - 1, day + days));
    const instant = instantAt(date, time, timeZone);
    if (instant.getTime() > after.getTime()) return instant;
  }
}
