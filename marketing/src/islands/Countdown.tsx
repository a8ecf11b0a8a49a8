import { useEffect, useState } from 'react';
import { countdownParts, resolveEndTime, secondsUntil, startEndTime } from './countdown-clock.ts';

type Props = {
  durationSeconds: number;
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

/** A looping countdown: ticks every second and starts a new period when it reaches zero. */
export default function Countdown({ durationSeconds, label, onReset }: Props) {
  // The server render and the first client render both show the full duration, so hydration matches.
  const [secondsLeft, setSecondsLeft] = useState(durationSeconds);

  useEffect(() => {
    let endTime = resolveEndTime(durationSeconds, Date.now());
    const tick = () => {
      const now = Date.now();
      let left = secondsUntil(endTime, now);
      if (left <= 0) {
        endTime = startEndTime(durationSeconds, now);
        left = secondsUntil(endTime, now);
        onReset?.();
      }
      setSecondsLeft(left);
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [durationSeconds, onReset]);

  const parts = countdownParts(secondsLeft);
  return (
    <div className="countdown" role="timer" aria-label={label}>
      {UNITS.map(([unit, name]) => (
        <span className="countdown__unit" key={unit} data-unit={unit}>
          <span className="countdown__value">{parts[unit]}</span>
          <span className="countdown__name">{name}</span>
        </span>
      ))}
    </div>
  );
}
