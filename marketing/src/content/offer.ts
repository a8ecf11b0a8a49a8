/** The product and its offer (spec §1 and §9). Every page quotes these instead of repeating figures. */
export const product = {
  name: 'The 6-Night Sleep Meditation Ritual',
  brand: 'Sleep Ritual',
  nights: 6,
  trackMinutes: '15–20',
} as const;

export const price = {
  regular: '$57',
  sale: '$37',
  discount: '35%',
} as const;

/** The sale bar above every sales page. */
export const saleBanner = 'SAVE 35% OFF! LIMITED TIME OFFER ENDS IN...';

/** The sale countdown: four hours, renewed when it reaches zero. */
export const SALE_COUNTDOWN_SECONDS = 14_400;

/** The fast-action bonus is offered for sixty minutes. */
export const FAST_ACTION_BONUS_SECONDS = 3_600;

/** Where every main call to action leads. */
export const JOIN_PATH = '/join-now';

export const upgradeOffer = {
  name: 'The Full Transformation Program',
  price: '$349',
  regularPrice: '$597',
} as const;
