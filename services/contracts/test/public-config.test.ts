import { describe, expect, it } from 'vitest';
import { parsePublicConfig, publicDefaults } from '../src/public-config.ts';

describe('the public build configuration', () => {
  it('uses the README defaults when nothing is set, and same-origin app links', () => {
    expect(parsePublicConfig({})).toEqual({
      appUrl: '',
      checkoutUrl: publicDefaults.checkoutUrl,
      upgradeCheckoutUrl: publicDefaults.upgradeCheckoutUrl,
      supportEmail: publicDefaults.supportEmail,
    });
  });

  it('reads the four variables, drops the trailing slash of the app origin and treats "" as unset', () => {
    expect(
      parsePublicConfig({
        PUBLIC_APP_URL: 'https://app.example.com/',
        CHECKOUT_URL: 'https://pay.example.com/ritual',
        UPGRADE_CHECKOUT_URL: '',
        SUPPORT_EMAIL: 'help@example.com',
        SESSION_KEYS: 'not read',
      }),
    ).toEqual({
      appUrl: 'https://app.example.com',
      checkoutUrl: 'https://pay.example.com/ritual',
      upgradeCheckoutUrl: publicDefaults.upgradeCheckoutUrl,
      supportEmail: 'help@example.com',
    });
  });

  it('reads the sale end as a moment, and leaves it out when unset so the countdown loops', () => {
    expect(parsePublicConfig({ SALE_ENDS_AT: '2026-07-01T23:00:00+02:00' }).saleEndsAt).toBe(
      Date.UTC(2026, 6, 1, 21),
    );
    expect(parsePublicConfig({ SALE_ENDS_AT: '2026-07-01T21:00:00Z' }).saleEndsAt).toBe(
      Date.UTC(2026, 6, 1, 21),
    );
    expect(parsePublicConfig({ SALE_ENDS_AT: '' })).not.toHaveProperty('saleEndsAt');
  });

  it('refuses a sale end that is not an ISO date and time with its zone', () => {
    for (const value of ['next friday', '2026-07-01', '2026-07-01T21:00:00'])
      expect(() => parsePublicConfig({ SALE_ENDS_AT: value })).toThrow(
        /SALE_ENDS_AT: must be an ISO date and time with its zone/,
      );
  });

  it('stops the build naming every wrong variable', () => {
    expect(() => parsePublicConfig({ CHECKOUT_URL: 'not a url', SUPPORT_EMAIL: 'nobody' })).toThrow(
      /CHECKOUT_URL: .*; SUPPORT_EMAIL: /,
    );
  });
});
