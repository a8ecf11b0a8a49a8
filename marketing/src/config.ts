import { parsePublicConfig, type PublicConfig } from '@sleep-ritual/contracts/public-config';

/**
 * The only build-time values the marketing site reads: PUBLIC_APP_URL, CHECKOUT_URL,
 * UPGRADE_CHECKOUT_URL, SUPPORT_EMAIL and SALE_ENDS_AT, checked by the public schema the members app shares. The
 * services' configuration, with its secrets, is none of a static build's business.
 */
export const config: PublicConfig = parsePublicConfig({
  PUBLIC_APP_URL: process.env.PUBLIC_APP_URL,
  CHECKOUT_URL: process.env.CHECKOUT_URL,
  UPGRADE_CHECKOUT_URL: process.env.UPGRADE_CHECKOUT_URL,
  SUPPORT_EMAIL: process.env.SUPPORT_EMAIL,
  SALE_ENDS_AT: process.env.SALE_ENDS_AT,
});
