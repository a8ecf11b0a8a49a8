/** How the back office writes times, names and percentages. */

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** "Maya Lindqvist", or null when the checkout gave no name. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string | null {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return name || null;
}

/** 62.5 → "62.5%", 40 → "40%". */
export const formatPercent = (value: number) => `${Math.round(value * 10) / 10}%`;

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** "1 member", "12,400 members". */
export const count = (value: number, noun: string) =>
  `${value.toLocaleString('en-GB')} ${noun}${value === 1 ? '' : 's'}`;
