import { purchaseStatusSchema, type PurchaseStatus } from '@sleep-ritual/contracts/purchases';

/**
 * Who may open what. Every service that writes a purchase status or asks whether a learner may open a
 * programme or a class comes here: the learner reads of catalog, progress writes, auth's order look-up,
 * the back office's member lists, exports and engagement figures, and the worker. Rules that decide
 * access (ownership, locks, soft deletes; later refunds per item, payment-plan grace, drip days) are
 * added here, in both forms a caller needs: a TypeScript predicate and the SQL fragment that says the
 * same thing inside a query.
 *
 * The SQL fragments write statuses as literals, not bindings: PostgreSQL then matches them against the
 * partial indexes `purchases_with_access` and `purchases_without_access`, and the named (prepared)
 * learner statements keep one plan.
 */

export type { PurchaseStatus };

/** The statuses by name: `PURCHASE_STATUS.refunded` rather than a string typed by hand. */
export const PURCHASE_STATUS = purchaseStatusSchema.enum;

/** The one status that opens the programme. Refunded and revoked purchases are kept, without access. */
export const ACCESS_STATUS = PURCHASE_STATUS.completed;

/** Whether a purchase of this status opens its programme. */
export function givesAccess(status: string): boolean {
  return status === ACCESS_STATUS;
}

/** SQL: the purchase row `alias` opens its programme (e.g. `pu`, or `purchases` in a knex query). */
export function givesAccessSql(alias: string): string {
  return `${alias}.status = '${ACCESS_STATUS}'`;
}

/** SQL: the purchase row `alias` no longer opens (or never opened) its programme. */
export function givesNoAccessSql(alias: string): string {
  return `${alias}.status <> '${ACCESS_STATUS}'`;
}

/**
 * SQL: the learner `userId` owns the programme `programId` (each a column, or `?` for a binding), i.e.
 * holds a purchase of it that gives access.
 */
export function ownsProgramSql(userId: string, programId = 'pr.id'): string {
  return `exists (
  select 1 from purchases pu
  where pu."userId" = ${userId} and pu."programId" = ${programId} and ${givesAccessSql('pu')}
)`;
}

/**
 * Joins a path `pa` to its visible phase `ph` and programme `pr`: neither soft-deleted, the programme
 * active. A row is visible to learners only when it and every ancestor are.
 */
export const VISIBLE_PATH_ANCESTORS = `
  join phases ph on ph.id = pa."phaseId" and ph."deletedAt" is null
  join programs pr on pr.id = ph."programId" and pr."deletedAt" is null and pr."isActive"`;

/** A visible class `c` with its path `pa`, phase `ph` and programme `pr` (FROM clause). */
export const VISIBLE_CLASS = `classes c
  join paths pa on pa.id = c."pathId" and pa."deletedAt" is null${VISIBLE_PATH_ANCESTORS}`;

/** SQL: class `c` may be played: it, its path `pa` and its phase `ph` are all unlocked. */
export const CLASS_UNLOCKED = `(c."isUnlocked" and pa."isUnlocked" and ph."isUnlocked")`;
