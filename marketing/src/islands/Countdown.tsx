import { useEffect, useState } from 'react';
import { countdownParts, countdownStep, resolveEndTime, SALE_ENDED_ATTRIBUTE } from './countdown-clock.ts';

type Props = {
  durationSeconds: number;
  /**
   * The sale's real end (epoch ms, from SALE_ENDS_AT): the timer counts to it once and, when it is
   * reached, marks the page so its sale parts disappear. Without it the timer loops over `durationSeconds`.
   */
  endsAt?: number;
  /** Names the timer for assistive technology, e.g. "Sale ends in". */
  label: string;
  onReset?: () => void;
};

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** The sale countdown: ticks every second; loops, or ends the sale at its real end. */
export default function Countdown({ durationSeconds, endsAt, label, onReset }: Props) {
  // The server render and the first client render agree, so hydration matches: the full duration of a
  // loop, or blanks for a real end (the build cannot know how far off the visitor's clock is from it).
  const [secondsLeft, setSecondsLeft] = useState<number | null>(
    endsAt === undefined ? durationSeconds : null,
  );

  useEffect(() => {
    const loopSeconds = endsAt === undefined ? durationSeconds : undefined;
    let endTime = endsAt ?? resolveEndTime(durationSeconds, Date.now());
    /** Shows the time left; false once the sale's real end is reached, when the timer stops. */
    const tick = () => {
      const step = countdownStep(endTime, Date.now(), loopSeconds);
      endTime = step.endTime;
      setSecondsLeft(step.secondsLeft);
      if (step.outcome === 'renewed') onReset?.();
      if (step.outcome !== 'ended') return true;
      document.documentElement.setAttribute(SALE_ENDED_ATTRIBUTE, '');
      return false;
    };
    if (!tick()) return;
    const timer = window.setInterval(() => {
      if (!tick()) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [durationSeconds, endsAt, onReset]);

  const parts = secondsLeft === null ? undefined : countdownParts(secondsLeft);
  return (
    <div className="countdown" role="timer" aria-label={label}>
      {UNITS.map(([unit, name]) => (
        <span className="countdown__unit" key={unit} data-unit={unit}>
          <span className="countdown__value">{parts ? parts[unit] : '--'}</span>
          <span className="countdown__name">{name}</span>
        </span>
      ))}
    </div>
  );
}
