import { z } from 'zod';

/**
 * Every status a purchase row can have. Only 'completed' opens the programme; 'refunded' (a checkout
 * refund) and 'revoked' (taken back by an admin) do not, nor does 'pending', the column's default,
 * which nothing writes today. Which status gives access, and everything
 * else about who may open what, is decided in `@sleep-ritual/platform/purchase-access`; the list lives
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
