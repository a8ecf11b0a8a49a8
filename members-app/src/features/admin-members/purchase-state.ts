import type { MemberPurchase } from '@sleep-ritual/contracts/admin-members';

/** Completed, but an unpaid instalment's grace has run out: the purchase gives no access. */
export function isSuspended(purchase: Pick<MemberPurchase, 'status' | 'hasAccess'>): boolean {
  return purchase.status === 'completed' && !purchase.hasAccess;
}
