import { TooManyRequestsError } from '@sleep-ritual/platform/errors';
import type { Logger } from '@sleep-ritual/platform/logger';
import { rateLimit, type RateLimit } from '@sleep-ritual/platform/rate-limit';
import type { CounterStore } from '@sleep-ritual/platform/counter-store';

/** Wrong secrets one address may send in a window before it is answered 429. */
export const SECRET_FAILURES_PER_ADDRESS = 10;
const WINDOW_SECONDS = 15 * 60;

/**
 * Slows down guessing of the webhook secret: every wrong or missing secret counts against the sender's
 * address, and past the limit the answer is 429 instead of 401. Only failures count and only failures
 * are refused, so a request with the right secret is never limited, whatever its address sent before.
 */
export function secretGuessLimit(counters: CounterStore, logger: Logger) {
  const limit: RateLimit = rateLimit(counters, {
    name: 'webhook-secret-ip',
    limit: SECRET_FAILURES_PER_ADDRESS,
    windowSeconds: WINDOW_SECONDS,
    message: 'Too many wrong webhook secrets from this address. Please wait 15 minutes and try again.',
  });
  return {
    /** Counts one failure; throws 429 once the address is past its limit. */
    async countFailure(address: string): Promise<void> {
      try {
        await limit.hit(address);
      } catch (error) {
        if (error instanceof TooManyRequestsError) throw error;
        // The store not answering: the caller still refuses the request (401); nothing else is at stake.
        logger.warn({ err: (error as Error).message }, 'webhook secret failure not counted: store error');
      }
    },
  };
}
