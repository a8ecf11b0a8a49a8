/** A stored moment as the contracts carry it: an ISO instant (the driver may give a Date or its text). */
export const iso = (date: Date | string): string => new Date(date).toISOString();

/** As iso, for a moment that may not be set. */
export const isoOrNull = (date: Date | string | null | undefined): string | null => (date ? iso(date) : null);
