/**
 * Defaults of the few settings the browser code needs at build time; services/platform's config uses
 * the same values, so the pages and the services never disagree.
 */
export const publicDefaults = {
  supportEmail: 'support@sleepritual.example',
  checkoutUrl: 'https://sleepritual.thrivecart.com/6-night-sleep-ritual/',
  upgradeCheckoutUrl: 'https://sleepritual.thrivecart.com/full-transformation-program/?coupon=LIFETIME',
} as const;
