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
