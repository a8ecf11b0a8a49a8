/**
 * The morning check-in's answers and what each says on the card, the chart and the admin screens.
 * No zod here: the members app's first screen shows them before it loads zod (sleep-check-ins.ts
 * holds the schemas).
 */
export const sleepAnswers = ['during', 'after', 'awake'] as const;
export type SleepAnswer = (typeof sleepAnswers)[number];

export const SLEEP_ANSWER_LABELS: Record<SleepAnswer, string> = {
  during: 'Fell asleep during it',
  after: 'Fell asleep after it',
  awake: "Couldn't sleep",
};
