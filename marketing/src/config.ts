import { loadConfig } from '@sleep-ritual/platform/config';

/** The only build-time values the marketing site reads. */
const env = {
  PUBLIC_APP_URL: process.env.PUBLIC_APP_URL,
  CHECKOUT_URL: process.env.CHECKOUT_URL,
  UPGRADE_CHECKOUT_URL: process.env.UPGRADE_CHECKOUT_URL,
  SUPPORT_EMAIL: process.env.SUPPORT_EMAIL,
};

// The shared loader also checks the services' secrets, which are none of the marketing site's
// business: placeholders keep it from generating or demanding them during a static build.
const shared = loadConfig({
  ...env,
  SESSION_KEYS: 'unused-by-marketing',
  ADMIN_PASSWORD: 'unused-by-marketing',
  THRIVECART_SECRET: 'unused-by-marketing',
});

export type MarketingConfig = {
  /** Origin of /api/user, /sign-in, /account and /my-programs; '' means this site's own origin. */
  appUrl: string;
  checkoutUrl: string;
  upgradeCheckoutUrl: string;
  supportEmail: string;
};

export const config: MarketingConfig = {
  // Unset means same-origin relative links, so one build serves every port the gateway runs on.
  appUrl: env.PUBLIC_APP_URL ? shared.publicAppUrl : '',
  checkoutUrl: shared.checkoutUrl,
  upgradeCheckoutUrl: shared.upgradeCheckoutUrl,
  supportEmail: shared.supportEmail,
};

/** A members-app path (/sign-in, /account…) on the configured app origin. */
export function appHref(path: `/${string}`): string {
  return `${config.appUrl}${path}`;
}
