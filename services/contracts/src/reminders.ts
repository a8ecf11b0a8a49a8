import { z } from 'zod';

/**
 * Bedtime reminders: the learner's setting on /account, its answers, and the one-click unsubscribe.
 * The worker e-mails "Tonight: Night N – title" at the chosen local time each night.
 */

export const DEFAULT_REMINDER_TIME = '21:30';

/** The IANA zone's canonical spelling, or undefined when the runtime (browser or Node) does not know it. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const time = z
  .string({ error: 'Choose a time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time such as 21:30');

const timeZone = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .min(1, 'Choose a time zone')
  .max(64, 'Choose a time zone from the list')
  .refine((value) => canonicalTimeZone(value) !== undefined, 'Choose a time zone from the list')
  .transform((value) => canonicalTimeZone(value) ?? value);

/** PUT /api/account/reminder: turn the nightly reminder on or off, at a local time in an IANA zone. */
export const bedtimeReminderInputSchema = z.object(
  {
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    time,
    timeZone,
  },
  { error: 'Send enabled, time and timeZone.' },
);
export type BedtimeReminderInput = z.input<typeof bedtimeReminderInputSchema>;

/**
 * GET and PUT /api/account/reminder. Before the learner saved anything: off, at 21:30, with no zone
 * (the page offers the browser's). `nextSendAt` is when the next reminder goes (an ISO instant), null
 * when it is off or when nothing is left to remind of (every night done, or no access).
 */
export const bedtimeReminderSchema = z.object({
  enabled: z.boolean(),
  time: z.string(),
  timeZone: z.string().nullable(),
  nextSendAt: z.string().nullable(),
});
export type BedtimeReminder = z.infer<typeof bedtimeReminderSchema>;

/**
 * The one-click unsubscribe address every reminder carries, its signed token in the query: mail
 * providers POST to it from their own servers (RFC 8058).
 */
export const UNSUBSCRIBE_PATH = '/api/account/reminder/unsubscribe';

/**
 * GET /api/account/reminder/unsubscribe?token=… (asked as JSON; a browser asking for a page is sent to
 * the members app's confirmation page) and POST (RFC 8058 one-click, or the page's button), both
 * answering whether the reminder is on after the call.
 */
export const unsubscribeAnswerSchema = z.object({ enabled: z.boolean() });

export const reminderMessages = {
  invalidLink: 'This unsubscribe link is not valid. Turn reminders off from your account instead.',
} as const;
