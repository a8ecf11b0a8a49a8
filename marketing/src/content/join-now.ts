import { fastActionBonus, ritualBonuses } from '@sleep-ritual/contracts/demo-programme';
import { price, product } from './offer.ts';

/** The checkout-prelude page (spec §2, Checkout-prelude page). */
export const joinNow = {
  headline: "You're one step away from rewiring your mind while you sleep.",
  subtext: 'Join thousands waking up calm, clear, and focused.',
} as const;

/** The fields an offer card takes (spec §2); the checkout URL comes from the build's configuration. */
export type OfferCardCopy = {
  header: string;
  topSubheader: string;
  price: string;
  salePrice: string;
  showPrice: boolean;
  subheader: string;
  buttonLabel: string;
  finePrint: string;
  benefits: readonly string[];
};

export const ritualOffer: OfferCardCopy = {
  header: product.name,
  topSubheader: `Save ${price.discount} today`,
  price: price.regular,
  salePrice: price.sale,
  showPrice: true,
  subheader: 'One-time payment · Lifetime access',
  buttonLabel: 'Get Instant Access',
  finePrint: `One-time payment of ${price.sale}. No subscription and no repeat billing. Right after checkout you will receive an email to create your account.`,
  benefits: [
    '6 guided sleep meditation tracks of 15 to 20 minutes',
    'Lifetime access on any phone, tablet or computer',
    // The bonuses as the members area holds them.
    ...ritualBonuses.map((bonus) => `${bonus.label}: ${bonus.title}`),
    `${fastActionBonus.label}: ${fastActionBonus.title} (join within 60 minutes)`,
  ],
};
