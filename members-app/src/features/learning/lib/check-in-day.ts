/**
 * When the morning check-in asks: on a later day of the learner's own clock than the night they
 * listened to. A learner's day here starts at 05:00, so a night heard at 00:30 belongs to the evening
 * before, and opening the app at 01:00 after a 22:00 night is still the same night.
 */
export const DAY_STARTS_AT_HOUR = 5;

const HOUR_MS = 60 * 60 * 1000;

/** The learner's day an instant belongs to, in the browser's time zone: `2026-11-25`. */
export function learnerDay(instant: Date): string {
  const shifted = new Date(instant.getTime() - DAY_STARTS_AT_HOUR * HOUR_MS);
  const month = String(shifted.getMonth() + 1).padStart(2, '0');
  const day = String(shifted.getDate()).padStart(2, '0');
  return `${shifted.getFullYear()}-${month}-${day}`;
}

/** "Not now" on this device: which night, and the day it was said (hidden until the next day). */
export type NotNow = { classId: number; day: string };

/** Whether to ask about the night listened to at `listenedAt`, now. */
export function shouldAsk(
  night: { classId: number; listenedAt: string },
  now: Date,
  notNow: NotNow | null,
): boolean {
  const today = learnerDay(now);
  if (today <= learnerDay(new Date(night.listenedAt))) return false;
  return !(notNow && notNow.classId === night.classId && notNow.day === today);
}

const NOT_NOW_KEY = 'sleep-ritual:check-in-not-now';

export function readNotNow(storage: Pick<Storage, 'getItem'> = localStorage): NotNow | null {
  try {
    const value = JSON.parse(storage.getItem(NOT_NOW_KEY) ?? 'null') as NotNow | null;
    return value && typeof value.classId === 'number' && typeof value.day === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveNotNow(notNow: NotNow, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(NOT_NOW_KEY, JSON.stringify(notNow));
  } catch {
    // Private mode without storage: the card simply comes back on the next visit.
  }
}
