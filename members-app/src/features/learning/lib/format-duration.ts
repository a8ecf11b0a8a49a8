/**
 * Spec 000 §9: 0 or missing gives "0 min"; under 60 gives "N min"; an exact multiple of 60 gives
 * "N hour(s)"; otherwise "Nh Mm".
 */
export function formatDuration(minutes: number | null | undefined): string {
  if (!minutes || !Number.isFinite(minutes) || minutes <= 0) return '0 min';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (rest === 0) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${hours}h ${rest}m`;
}

/** Spec 000 §2: a class row on the path page reads "N Minutes". */
export function minutesLabel(minutes: number | null | undefined): string {
  return `${minutes ?? 0} Minutes`;
}

export { clockTime } from '../../../lib/clock-time.ts';
