import { z } from 'zod';

/**
 * What a purchase is, in the words every workspace shares: the checkout's items it is for, the checkout
 * events that change it, and the statuses it and its payment plan can have. Reading ThriveCart's body
 * into a purchase event is `@sleep-ritual/thrivecart/webhook`; what each status means for access is
 * `@sleep-ritual/learning/purchase-access`.
 */

/**
 * An item is named the way ThriveCart's purchase map names it: `product-12`, `upsell-2`, `bump-12` (and
 * `downsell-5`, which the map also carries). A bare number is the main product: `12` means `product-12`.
 * Product mappings (./product-mappings.ts) map these to programmes.
 */
export const ITEM_KEY_PATTERN = /^(product|upsell|downsell|bump)-[1-9]\d{0,17}$/;
export const ITEM_KEY_MESSAGE =
  'Enter the item as ThriveCart names it: product-N, upsell-N, bump-N or downsell-N (a bare number means product-N).';

/** `12` → `product-12`; `Bump-3 ` → `bump-3`; anything else is returned trimmed and lower-cased. */
export function normalizeItemKey(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return `product-${value}`;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim().toLowerCase();
  return /^\d+$/.test(trimmed) ? `product-${trimmed.replace(/^0+(?=\d)/, '')}` : trimmed;
}

export const itemKeySchema = z.preprocess(
  normalizeItemKey,
  z.string({ error: ITEM_KEY_MESSAGE }).regex(ITEM_KEY_PATTERN, ITEM_KEY_MESSAGE),
);

/**
 * The events of a payment plan (a subscription or split payment): an instalment paid or failed, the plan
 * cancelled, paused or resumed. What they do to access is the payment-plan policy in purchase-access.
 */
export const PLAN_EVENTS = [
  'order.subscription_payment',
  'order.rebill_failed',
  'order.subscription_cancelled',
  'order.subscription_paused',
  'order.subscription_resumed',
] as const;
export type PlanEventName = (typeof PLAN_EVENTS)[number];

export function isPlanEvent(event: unknown): event is PlanEventName {
  return typeof event === 'string' && (PLAN_EVENTS as readonly string[]).includes(event);
}

/**
 * The checkout webhook's events this system acts on, the ones that change access (spec §4). Every other
 * event is acknowledged and ignored.
 */
export const PURCHASE_EVENTS = ['order.success', 'upsell.accepted', 'order.refund', ...PLAN_EVENTS] as const;
export type PurchaseEventName = (typeof PURCHASE_EVENTS)[number];

export function isPurchaseEvent(event: unknown): event is PurchaseEventName {
  return typeof event === 'string' && (PURCHASE_EVENTS as readonly string[]).includes(event);
}

/**
 * Every status a purchase row can have. Only 'completed' opens the programme; 'refunded' (a checkout
 * refund) and 'revoked' (taken back by an admin) do not, nor does 'pending', the column's default,
 * which nothing writes today. Which status gives access, and everything
 * else about who may open what, is decided in `@sleep-ritual/learning/purchase-access`; the list lives
 * here so the admin answers and the services agree on it without contracts depending on platform.
 */
export const PURCHASE_STATUSES = ['pending', 'completed', 'refunded', 'revoked'] as const;
export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;

/**
 * The state of the payment plan (a ThriveCart subscription or split payment) that pays for a purchase;
 * a purchase paid at once has none. What each means for access is decided in purchase-access.
 */
export const PLAN_STATUSES = ['active', 'paused', 'cancelled'] as const;
export const planStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof planStatusSchema>;
