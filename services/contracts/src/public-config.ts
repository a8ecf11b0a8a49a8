/**
 * Defaults of the few settings the browser code needs at build time; services/platform's config uses
 * the same values, so the pages and the services never disagree.
 */
export const publicDefaults = {
  supportEmail: 'support@sleepritual.example',
  checkoutUrl: 'https://sleepritual.thrivecart.com/6-night-sleep-ritual/',
  upgradeCheckoutUrl: 'https://sleepritual.thrivecart.com/full-transformation-program/?coupon=LIFETIME',
} as const;

/**
 * A readable, non-secret cookie that only says "a session was started here". The sales pages check it
 * before asking /api/user, so an anonymous visitor's page makes no call that is bound to answer 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'sr_signed_in';
