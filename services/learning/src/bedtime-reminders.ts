import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_PATH } from '@sleep-ritual/contracts/reminders';
import type { Config } from '@sleep-ritual/platform/config';
import { nextOccurrence } from './local-time.ts';

/**
 * What the account settings (auth) and the sender (worker) agree on about bedtime reminders: when the
 * next one is due, and the signed unsubscribe links every reminder carries.
 */

/**
 * A reminder found more than this late (the worker was down, say) is skipped rather than sent: a nudge
 * at bedtime helps, the same e-mail in the small hours or at breakfast does not. The next night's is
 * scheduled as usual.
 */
export const REMINDER_GRACE_MS = 2 * 60 * 60 * 1000;

/** The next moment the learner's chosen local time comes round in their zone, strictly after `after`. */
export function nextReminderAt(setting: { localTime: string; timeZone: string }, after: Date): Date {
  return nextOccurrence(setting.localTime, setting.timeZone, after);
}

const purpose = (userId: number) => `bedtime-reminders:unsubscribe:${userId}`;
const mac = (key: string, userId: number) =>
  createHmac('sha256', key).update(purpose(userId)).digest('base64url');

/**
 * The token of a learner's unsubscribe links: their id and an HMAC of it under the first session key.
 * It never expires (an unsubscribe link must keep working in an old e-mail) and needs nothing stored;
 * every session key verifies, so rotating keys keeps old links working while the old key is listed.
 */
export function unsubscribeToken(config: Pick<Config, 'sessionKeys'>, userId: number): string {
  const [key] = config.sessionKeys;
  if (key === undefined) throw new Error('No session key is configured to sign unsubscribe links');
  return `${userId}.${mac(key, userId)}`;
}

/** The learner a token was made for, or undefined for anything not made by unsubscribeToken. */
export function verifyUnsubscribeToken(
  config: Pick<Config, 'sessionKeys'>,
  token: string,
): number | undefined {
  const match = /^([1-9]\d{0,9})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, signature] = match;
  const userId = Number(id);
  if (userId > 2_147_483_647 || signature === undefined) return undefined;
  const given = Buffer.from(signature);
  const valid = config.sessionKeys.some((key) => {
    const expected = Buffer.from(mac(key, userId));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? userId : undefined;
}

/** The one-click address of the List-Unsubscribe header (RFC 8058): the API, which takes the POST. */
export function unsubscribeUrl(config: Pick<Config, 'sessionKeys' | 'publicAppUrl'>, userId: number): string {
  const url = new URL(UNSUBSCRIBE_PATH, config.publicAppUrl);
  url.searchParams.set('token', unsubscribeToken(config, userId));
  return url.toString();
}

/** The link in the e-mail's text: the members app's page, which asks before it turns reminders off. */
export function unsubscribePageUrl(
  config: Pick<Config, 'sessionKeys' | 'publicAppUrl'>,
  userId: number,
): string {
  const url = new URL('/account/unsubscribe', config.publicAppUrl);
  url.searchParams.set('token', unsubscribeToken(config, userId));
  return url.toString();
}
