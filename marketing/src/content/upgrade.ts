import type { OfferCardCopy } from './join-now.ts';
import { upgradeOffer } from './offer.ts';

/** The upgrade sales page (spec §2, Upgrade page). */
export const upgrade = {
  headline: "You're one step away from your full transformation.",
  subtext: 'Upgrade to 12 months of nightly transformation by joining The Full Transformation Program.',
  faqHeader: 'Questions About the Upgrade',
} as const;

export const lifetimeOffer: OfferCardCopy = {
  header: upgradeOffer.name,
  topSubheader: 'Lifetime access',
  price: upgradeOffer.regularPrice,
  salePrice: upgradeOffer.price,
  showPrice: true,
  subheader: 'One payment, yours for life · Coupon applied at checkout',
  buttonLabel: 'Get Lifetime Access',
  finePrint:
    'One-time payment of $349 (regularly $597). Your lifetime coupon is already in the checkout link. All sales are final.',
  benefits: [
    '12 months of guided nightly sessions, released phase by phase',
    'Deeper work on focus, confidence, relationships and resilience',
    'Everything in The 6-Night Sleep Meditation Ritual, kept in your account',
    'Lifetime access, including every future update to the program',
  ],
};
