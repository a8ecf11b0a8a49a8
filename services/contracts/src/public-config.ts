import { z } from 'zod';

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
 * What the marketing and members-app builds may read from the environment: no secret is among them, so
 * a static build never needs the services' configuration. The rules are the services' own for the same
 * variables (services/platform/src/config.ts). Built when parsed rather than at import, so the sales
 * pages' islands, which import this module only for the cookie name, ship without zod.
 */
function publicConfigSchema() {
  return z.object({
    /** Origin of the members app; unset means the same origin as the page. */
    PUBLIC_APP_URL: z.url().optional(),
    CHECKOUT_URL: z.url().default(publicDefaults.checkoutUrl),
    UPGRADE_CHECKOUT_URL: z.url().default(publicDefaults.upgradeCheckoutUrl),
    SUPPORT_EMAIL: z.email().default(publicDefaults.supportEmail),
    /** The sale's real end; unset, the sale countdown loops (spec). */
    SALE_ENDS_AT: z.iso
      .datetime({
        offset: true,
        error: 'must be an ISO date and time with its zone, e.g. 2026-07-01T22:00:00Z',
      })
      .optional(),
  });
}

export type PublicConfig = {
  /** The members app's origin without a trailing slash; '' means same-origin relative links. */
  appUrl: string;
  checkoutUrl: string;
  upgradeCheckoutUrl: string;
  supportEmail: string;
  /** When the sale ends (epoch milliseconds); undefined keeps the looping countdown. */
  saleEndsAt?: number;
};

/** Names every variable that is wrong, so a build stops at once with the whole list. */
export class PublicConfigError extends Error {}

/** The public settings from an environment; an empty variable (`FOO=`) counts as unset, as in the services. */
export function parsePublicConfig(env: Record<string, string | undefined>): PublicConfig {
  const schema = publicConfigSchema();
  const present = Object.fromEntries(
    Object.keys(schema.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new PublicConfigError(`Invalid public configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    appUrl: values.PUBLIC_APP_URL ? values.PUBLIC_APP_URL.replace(/\/+$/, '') : '',
    checkoutUrl: values.CHECKOUT_URL,
    upgradeCheckoutUrl: values.UPGRADE_CHECKOUT_URL,
    supportEmail: values.SUPPORT_EMAIL,
    ...(values.SALE_ENDS_AT ? { saleEndsAt: Date.parse(values.SALE_ENDS_AT) } : {}),
  };
}
