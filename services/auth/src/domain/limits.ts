import type { Redis } from 'ioredis';
import { rateLimit } from '@sleep-ritual/platform/rate-limit';

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;

/** The sizes of every limit of this service, in one place. */
export function createLimits(redis: Redis) {
  const signInMessage = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
  return {
    failedSignInsPerAccount: rateLimit(redis, {
      name: 'login-account',
      limit: 10,
      windowSeconds: FIFTEEN_MINUTES,
      message: signInMessage,
    }),
    failedSignInsPerIp: rateLimit(redis, {
      name: 'login-ip',
      limit: 100,
      windowSeconds: FIFTEEN_MINUTES,
      message: signInMessage,
    }),
    wrongAdminPasswordsPerIp: rateLimit(redis, {
      name: 'admin-ip',
      limit: 10,
      windowSeconds: FIFTEEN_MINUTES,
      message: 'Too many wrong admin passwords. Please wait 15 minutes and try again.',
    }),
    resetRequestsPerEmail: rateLimit(redis, {
      name: 'forgot-email',
      limit: 5,
      windowSeconds: HOUR,
      message: 'Too many reset requests for this email. Please wait an hour and try again.',
    }),
    resetRequestsPerIp: rateLimit(redis, {
      name: 'forgot-ip',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many reset requests. Please wait an hour and try again.',
    }),
    resetAttemptsPerIp: rateLimit(redis, {
      name: 'reset-ip',
      limit: 20,
      windowSeconds: HOUR,
      message: 'Too many password reset attempts. Please wait an hour and try again.',
    }),
    accountLookupsPerIp: rateLimit(redis, {
      name: 'create-account-ip',
      limit: 30,
      windowSeconds: 60,
      message: 'Too many requests. Please wait a minute and try again.',
    }),
  };
}
export type Limits = ReturnType<typeof createLimits>;
