const DAY_MS = 24 * 60 * 60 * 1000;

/** Local midnight of the day an instant falls on, in the browser's time zone. */
function startOfLocalDay(instant: Date): number {
  return new Date(instant.getFullYear(), instant.getMonth(), instant.getDate()).getTime();
}

/**
 * When a class or path that opens some days after the purchase (drip) opens, said in the learner's own
 * time zone (the browser's): "Opens today at 9:30 PM", "Opens tomorrow" or "Opens on Friday, November 28".
 */
export function opensLabel(opensAt: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(opensAt);
  // Rounded, because a day with a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((startOfLocalDay(at) - startOfLocalDay(now)) / DAY_MS);
  if (days <= 0) {
    return `Opens today at ${at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}`;
  }
  if (days === 1) return 'Opens tomorrow';
  return `Opens on ${at.toLocaleDateString(locale, { weekday: 'long', month: 'long', day: 'numeric' })}`;
}
