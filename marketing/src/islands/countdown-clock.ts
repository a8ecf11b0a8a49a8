/**
 * The sale countdown's clock. Without a real end (spec §4) the end time lives in local storage under a
 * key tied to the duration, a stored end time still in the future is reused, and at zero a new one is
 * started. With a real end (SALE_ENDS_AT) it counts to that moment once, and then the sale is over.
 */
export const COUNTDOWN_KEY_PREFIX = 'countdown:v1:';

/** Changing the duration changes the key, so an old end time never shortens a new offer. */
export function countdownKey(durationSeconds: number): string {
  return `${COUNTDOWN_KEY_PREFIX}${durationSeconds}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): Store | undefined {
  // Reading window.localStorage itself throws when storage is blocked.
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/** The end time to count down to: the stored one while it is still ahead, otherwise a fresh one. */
export function resolveEndTime(durationSeconds: number, now: number, storage = browserStorage): number {
  try {
    const stored = Number(storage()?.getItem(countdownKey(durationSeconds)));
    if (Number.isFinite(stored) && stored > now) return stored;
  } catch (error) {
    console.warn('Countdown: could not read the stored end time; counting from now.', error);
  }
  return startEndTime(durationSeconds, now, storage);
}

/** Starts a new period of `durationSeconds` from `now` and remembers its end. */
export function startEndTime(durationSeconds: number, now: number, storage = browserStorage): number {
  const endTime = now + durationSeconds * 1000;
  try {
    storage()?.setItem(countdownKey(durationSeconds), String(endTime));
  } catch (error) {
    console.warn('Countdown: could not store the end time; it will restart on reload.', error);
  }
  return endTime;
}

export type CountdownParts = { days: string; hours: string; minutes: string; seconds: string };

const pad = (value: number) => String(value).padStart(2, '0');

/** Whole seconds left, shown as two-digit days, hours, minutes and seconds. */
export function countdownParts(secondsLeft: number): CountdownParts {
  const total = Math.max(0, Math.floor(secondsLeft));
  return {
    days: pad(Math.floor(total / 86_400)),
    hours: pad(Math.floor((total % 86_400) / 3_600)),
    minutes: pad(Math.floor((total % 3_600) / 60)),
    seconds: pad(total % 60),
  };
}

export function secondsUntil(endTime: number, now: number): number {
  return Math.max(0, Math.ceil((endTime - now) / 1000));
}

/** What one tick of the countdown shows, and whether it renewed the loop or reached the sale's real end. */
export type CountdownStep = {
  endTime: number;
  secondsLeft: number;
  outcome: 'counting' | 'renewed' | 'ended';
};

/**
 * One tick: the seconds left to `endTime`; at zero a looping countdown (`loopSeconds` given) starts a new
 * period, while one counting to a real end stays at zero and reports the end.
 */
export function countdownStep(
  endTime: number,
  now: number,
  loopSeconds: number | undefined,
  storage = browserStorage,
): CountdownStep {
  const secondsLeft = secondsUntil(endTime, now);
  if (secondsLeft > 0) return { endTime, secondsLeft, outcome: 'counting' };
  if (loopSeconds === undefined) return { endTime, secondsLeft: 0, outcome: 'ended' };
  const renewed = startEndTime(loopSeconds, now, storage);
  return { endTime: renewed, secondsLeft: secondsUntil(renewed, now), outcome: 'renewed' };
}

/** A sale without a real end is always on (it loops); one with an end is on until that moment. */
export function saleIsOn(saleEndsAt: number | undefined, now: number): boolean {
  return saleEndsAt === undefined || now < saleEndsAt;
}

/**
 * Set on <html> once the sale's real end has passed: the page's styles then hide the sale bar, the
 * struck-through price and the sale price, and show the regular price (styles/global.css).
 */
export const SALE_ENDED_ATTRIBUTE = 'data-sale-ended';
