import {
  purchaseStatusSchema,
  type PlanEventName,
  type PlanStatus,
  type PurchaseStatus,
} from '@sleep-ritual/contracts/purchases';
import type { PurchaseRefund } from '@sleep-ritual/thrivecart/webhook';
import { instantAt, localDateOf } from './local-time.ts';

/**
 * Who may open what. Every service that writes a purchase status or asks whether a learner may open a
 * programme or a class comes here: the learner reads of catalog, progress writes, auth's order look-up,
 * the back office's member lists, exports and engagement figures, and the worker. Rules that decide
 * access (ownership, locks, soft deletes, refunds per item, payment-plan grace, drip days) are
 * added here, in both forms a caller needs: a TypeScript predicate and the SQL fragment that says the
 * same thing inside a query.
 *
 * The SQL fragments write statuses as literals, not bindings: PostgreSQL then matches them against the
 * partial indexes `purchases_with_access` and `purchases_without_access`, and the named (prepared)
 * learner statements keep one plan. The grace of a failed instalment is a stored instant
 * (`graceEndsAt`, see purchaseAfterPlanEvent) compared with the clock at read time, so it runs out by
 * itself and no service but the worker needs to know PAYMENT_GRACE_DAYS.
 */

export type { PurchaseStatus, PlanStatus };

/** The statuses by name: `PURCHASE_STATUS.refunded` rather than a string typed by hand. */
export const PURCHASE_STATUS = purchaseStatusSchema.enum;

/** The one status that opens the programme. Refunded and revoked purchases are kept, without access. */
export const ACCESS_STATUS = PURCHASE_STATUS.completed;

/** What decides whether one purchase opens its programme. */
export type PurchaseAccessState = { status: string; graceEndsAt?: Date | string | null };

/**
 * Whether a purchase opens its programme at `now`: its status is 'completed' and no unpaid instalment's
 * grace has run out.
 */
export function givesAccess(purchase: PurchaseAccessState, now: Date = new Date()): boolean {
  if (purchase.status !== ACCESS_STATUS) return false;
  return purchase.graceEndsAt == null || new Date(purchase.graceEndsAt).getTime() > now.getTime();
}

/** SQL: the purchase row `alias` opens its programme (e.g. `pu`, or `purchases` in a knex query). */
export function givesAccessSql(alias: string): string {
  return `(${alias}.status = '${ACCESS_STATUS}' and (${alias}."graceEndsAt" is null or ${alias}."graceEndsAt" > now()))`;
}

/**
 * SQL: the purchase row `alias` no longer opens (or never opened) its programme. The second arm is
 * matched by the partial index `purchases_in_grace`, the first by `purchases_without_access`.
 */
export function givesNoAccessSql(alias: string): string {
  return `(${alias}.status <> '${ACCESS_STATUS}' or (${alias}."graceEndsAt" is not null and ${alias}."graceEndsAt" <= now()))`;
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
 * SQL: the learner `userId` once opened the programme `programId` and no longer does: they do not own
 * it, and a purchase of it was refunded or revoked. The screens then say that access ended rather than
 * offer to buy. (A suspended instalment plan is refused as not owned, which paying again undoes.)
 */
export function accessEndedSql(userId: string, programId = 'pr.id'): string {
  return `(not ${ownsProgramSql(userId, programId)} and exists (
  select 1 from purchases pu
  where pu."userId" = ${userId} and pu."programId" = ${programId} and pu.status in ('${PURCHASE_STATUS.refunded}', '${PURCHASE_STATUS.revoked}')
))`;
}

/**
 * Joins a path `pa` to its visible phase `ph` and programme `pr`: neither soft-deleted, the programme
 * active. A row is visible to learners only when it and every ancestor are.
 */
export const VISIBLE_PATH_ANCESTORS = `
  join phases ph on ph.id = pa."phaseId" and ph."deletedAt" is null
  join programs pr on pr.id = ph."programId" and pr."deletedAt" is null and pr."isActive"`;

/**
 * A visible class `c` with its path `pa`, phase `ph` and programme `pr` (FROM clause): neither it nor an
 * ancestor soft-deleted, the programme active.
 */
export const VISIBLE_CLASS = `classes c
  join paths pa on pa.id = c."pathId" and c."deletedAt" is null and pa."deletedAt" is null${VISIBLE_PATH_ANCESTORS}`;

/** SQL: path `pa` is unlocked: it and its phase `ph` are. */
export const PATH_UNLOCKED = `(pa."isUnlocked" and ph."isUnlocked")`;

/** SQL: class `c` may be played: it, its path `pa` and its phase `ph` are all unlocked. */
export const CLASS_UNLOCKED = `(c."isUnlocked" and ${PATH_UNLOCKED})`;

/**
 * Open, for a row read with its unlock column (`CLASS_UNLOCKED`, `PATH_UNLOCKED`) and its opening
 * (`classOpensAtSql`, `pathOpensAtSql`): unlocked, and not waiting for its drip day. The TypeScript
 * reading of `classOpenSql`.
 */
export function isOpen(row: { isUnlocked: boolean; opensAt: Date | string | null }): boolean {
  return row.isUnlocked && row.opensAt === null;
}

/**
 * Drip. A path or class may open a number of days after the learner's purchase (`opensAfterDays`, 0 =
 * at once), counted from the learner's earliest purchase of the programme that still gives access, in
 * the learner's own calendar days: day N opens at the start (midnight) of the N-th local day after the
 * purchase day, so a night is open by bedtime however late in the evening the buyer paid. The local
 * days are those of the learner's time zone as their bedtime reminder setting holds it (saved on
 * /account, on or off); without one, UTC, whose midnight falls between noon and 2 p.m. anywhere, so
 * every night still opens well before bedtime. A class waits for its own days and its path's, whichever
 * is longer; both run from the purchase, they do not add up. The manual lock still applies on top: a
 * class is open when it is unlocked and its day has come. Every learner read and write asks it in SQL,
 * inside its query; the `now` they compare with is the database's, or the caller's clock (the
 * reminders' worker) as a binding. `dripOpensAt` is the same rule in TypeScript.
 */
const PATH_DRIP_DAYS = `pa."opensAfterDays"`;
const CLASS_DRIP_DAYS = `greatest(pa."opensAfterDays", c."opensAfterDays")`;

/** The zone whose days drip counts for a learner who never told us theirs. */
export const DEFAULT_LEARNER_TIME_ZONE = 'UTC';

/**
 * SQL: when the learner `userId` first bought the programme `programId` (each a column, or `?` for a
 * binding), counting only purchases that give access; null when they do not own it.
 */
export function accessSinceSql(userId: string, programId = 'pr.id'): string {
  return `(select min(pu."purchasedAt") from purchases pu
  where pu."userId" = ${userId} and pu."programId" = ${programId} and ${givesAccessSql('pu')})`;
}

/** SQL: the learner `userId`'s IANA time zone (their bedtime reminder's), else UTC. */
export function learnerTimeZoneSql(userId: string): string {
  return `coalesce((select br."timeZone" from bedtime_reminders br where br."userId" = ${userId}), '${DEFAULT_LEARNER_TIME_ZONE}')`;
}

/**
 * What drip reads of one learner and programme, as two SQL expressions: `since` (accessSinceSql) and
 * `zone` (learnerTimeZoneSql). Queries select them in a lateral subquery, `learnerAccessSql`, aliased
 * `own`, which is the default.
 */
export type LearnerAccess = { since: string; zone: string };
export const OWN: LearnerAccess = { since: 'own.since', zone: 'own.zone' };

/**
 * SQL: a subquery of one row, `since` and `zone`, for the learner `userId` (a column or one `?`
 * binding, read once) and the programme `programId`: `cross join lateral ${learnerAccessSql('?')} own`.
 * `offset 0` keeps PostgreSQL from pulling the subquery up into the query around it, which would copy
 * its two look-ups into every expression that reads `own.since` or `own.zone` (drip reads each up to
 * four times): each runs once per row instead.
 */
export function learnerAccessSql(userId: string, programId = 'pr.id'): string {
  return `(select ${accessSinceSql('learner.id', programId)} as since, ${learnerTimeZoneSql('learner.id')} as zone
  from (select ${userId}::int as id) learner offset 0)`;
}

/**
 * SQL: the moment something waiting `days` (an integer expression) opens: the start of the learner's
 * local day `days` after the local day of `since`.
 */
function opensAtSql(access: LearnerAccess, days: string): string {
  return `((((${access.since} at time zone ${access.zone})::date + ${days})::timestamp) at time zone ${access.zone})`;
}

/**
 * TypeScript: when something waiting `days` opens for a learner in `timeZone` whose access began at `since`.
 * @internal The queries use `opensAtSql`; this half states the rule plainly, and tests hold the two equal.
 */
export function dripOpensAt(since: Date, days: number, timeZone: string = DEFAULT_LEARNER_TIME_ZONE): Date {
  const [year = NaN, month = NaN, day = NaN] = localDateOf(since, timeZone).split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  return instantAt(date, '00:00', timeZone);
}

/**
 * SQL: class `c` (with `pa`, `ph`) is open to the learner at the moment `now` (an SQL expression:
 * `now()`, or a binding where the caller keeps its own clock). False, never null, when the learner does
 * not own the programme.
 */
export function classOpenSql(access: LearnerAccess = OWN, now = 'now()'): string {
  return `coalesce(${CLASS_UNLOCKED} and ${opensAtSql(access, CLASS_DRIP_DAYS)} <= ${now}, false)`;
}

/**
 * SQL: when class `c` opens for the learner, if it is unlocked but its drip day has not come yet; null
 * when it is open, locked by hand (which no date will change) or not owned. The access is read twice:
 * pass columns (the lateral `own`), not subqueries.
 */
export function classOpensAtSql(access: LearnerAccess = OWN, now = 'now()'): string {
  return `case when ${CLASS_UNLOCKED} and ${opensAtSql(access, CLASS_DRIP_DAYS)} > ${now}
  then ${opensAtSql(access, CLASS_DRIP_DAYS)} end`;
}

/** SQL: the same for a path `pa` (with its phase `ph`) and its own drip days. */
export function pathOpensAtSql(access: LearnerAccess = OWN, now = 'now()'): string {
  return `case when ${PATH_UNLOCKED} and ${opensAtSql(access, PATH_DRIP_DAYS)} > ${now}
  then ${opensAtSql(access, PATH_DRIP_DAYS)} end`;
}

/** A refund as it applies to purchase rows: the whole order, or one item of it. */
export type OrderRefund = Exclude<PurchaseRefund, { scope: 'kind' }>;

/**
 * The refund of an order's purchases: one that names only its kind (a bump refunded without an id)
 * takes the order's item of that kind when the order has exactly one, refunded or not, so a redelivered
 * refund takes nothing more. The order's items are those its purchases were opened by and those the
 * refund itself lists (`orderItems`: an item that opened nothing here, unmapped, still counts). With
 * none or several it takes nothing (null): which item was refunded is not known, and neither the
 * programme paid for first nor another item may be taken on a guess.
 */
export function orderRefundOf(
  purchases: { grantingItems: string[]; externalProductId: string | null }[],
  refund: PurchaseRefund,
  orderItems: readonly string[] = [],
): OrderRefund | null {
  if (refund.scope !== 'kind') return refund;
  const ofKind = new Set(
    [...purchases.flatMap(grantingItemsOf), ...orderItems].filter((item) =>
      item.startsWith(`${refund.kind}-`),
    ),
  );
  const [item, ...others] = ofKind;
  return item !== undefined && others.length === 0 ? { scope: 'item', item } : null;
}

/** What a refund does to one purchase row (one programme of one order). */
export type PurchaseAfterRefund = { status: PurchaseStatus; refundedItems: string[]; changed: boolean };

/**
 * Per-item refunds. A purchase row of an order is opened by one or more of the order's items (a bump
 * and the main product may open the same programme); refunding an item takes the programme away only
 * once no unrefunded item of the order still grants it. A whole-order refund takes every programme of
 * the order. Another order's purchase of the same programme is its own row and keeps its own access
 * (ownership is "any purchase that gives access"), so a refund never reaches beyond its order.
 * Rows written before items were recorded (`grantingItems` empty) count their `externalProductId`.
 * A row that gives no access (refunded, revoked by an admin) keeps its status.
 */
export function purchaseAfterRefund(
  purchase: {
    status: string;
    grantingItems: string[];
    refundedItems: string[];
    externalProductId: string | null;
  },
  refund: OrderRefund,
): PurchaseAfterRefund {
  const granting = grantingItemsOf(purchase);
  const refunded = new Set(purchase.refundedItems);
  if (refund.scope === 'order') for (const item of granting) refunded.add(item);
  else if (granting.includes(refund.item)) refunded.add(refund.item);
  const refundedItems = [...refunded];
  const allRefunded = refund.scope === 'order' || granting.every((item) => refunded.has(item));
  const status: PurchaseStatus =
    purchase.status === ACCESS_STATUS && allRefunded
      ? PURCHASE_STATUS.refunded
      : (purchase.status as PurchaseStatus);
  const changed = status !== purchase.status || refundedItems.length !== purchase.refundedItems.length;
  return { status, refundedItems, changed };
}

/** Whether a refund of this scope concerns the purchase row at all. */
export function refundConcerns(
  purchase: { grantingItems: string[]; externalProductId: string | null },
  refund: OrderRefund,
): boolean {
  return refund.scope === 'order' || grantingItemsOf(purchase).includes(refund.item);
}

function grantingItemsOf(purchase: { grantingItems: string[]; externalProductId: string | null }): string[] {
  if (purchase.grantingItems.length > 0) return purchase.grantingItems;
  return purchase.externalProductId ? [purchase.externalProductId] : [];
}

/** The columns a payment plan keeps on a purchase row (see the migration `purchase_plans`). */
export type PlanState = {
  planStatus: PlanStatus | null;
  paymentFailedAt: Date | null;
  graceEndsAt: Date | null;
  paymentEventAt: Date | null;
  planEventAt: Date | null;
};

/** One plan event as the worker applies it: what happened, and ThriveCart's time of it. */
export type PlanEvent = { name: PlanEventName; at: Date };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Events about the instalments (paid, failed, billing resumed), ordered among themselves. */
const PAYMENT_EVENTS: readonly PlanEventName[] = [
  'order.subscription_payment',
  'order.rebill_failed',
  'order.subscription_resumed',
];
/** What each plan-status event makes the plan. */
const PLAN_STATUS_AFTER: Partial<Record<PlanEventName, PlanStatus>> = {
  'order.subscription_cancelled': 'cancelled',
  'order.subscription_paused': 'paused',
  'order.subscription_resumed': 'active',
};

/**
 * The payment-plan policy (README, "Payment plans"). Access depends only on instalments:
 * - a failed instalment (`order.rebill_failed`) keeps access for `graceDays` from its first failure, then
 *   suspends the purchase; further failures of it do not extend the grace;
 * - a paid instalment (`order.subscription_payment`) or a resumed plan (`order.subscription_resumed`)
 *   ends that failure: access is back at once;
 * - a cancelled plan keeps the access paid for (no further instalments are expected), and a paused one
 *   keeps it while paused; neither forgives an unpaid instalment, whose grace runs out as it would have.
 * Events are ordered by ThriveCart's time: an event older than the newest one applied of its kind (payment
 * or plan status) changes nothing, so a late delivery or a redelivery cannot undo a newer state.
 * Answers the new plan columns and whether anything changed.
 */
export function purchaseAfterPlanEvent(
  purchase: PlanState,
  event: PlanEvent,
  policy: { graceDays: number },
): { plan: PlanState; changed: boolean } {
  const plan: PlanState = { ...purchase };
  const at = event.at;
  const notOlder = (last: Date | null) => last === null || at.getTime() >= last.getTime();

  if (PAYMENT_EVENTS.includes(event.name) && notOlder(purchase.paymentEventAt)) {
    plan.paymentEventAt = at;
    if (event.name === 'order.rebill_failed') {
      if (purchase.paymentFailedAt === null) {
        plan.paymentFailedAt = at;
        plan.graceEndsAt = new Date(at.getTime() + policy.graceDays * DAY_MS);
      }
    } else {
      plan.paymentFailedAt = null;
      plan.graceEndsAt = null;
    }
    plan.planStatus ??= 'active';
  }
  const status = PLAN_STATUS_AFTER[event.name];
  if (status && notOlder(purchase.planEventAt)) {
    plan.planStatus = status;
    plan.planEventAt = at;
  }

  const time = (date: Date | null) => date?.getTime() ?? null;
  const changed =
    plan.planStatus !== purchase.planStatus ||
    time(plan.paymentFailedAt) !== time(purchase.paymentFailedAt) ||
    time(plan.graceEndsAt) !== time(purchase.graceEndsAt) ||
    time(plan.paymentEventAt) !== time(purchase.paymentEventAt) ||
    time(plan.planEventAt) !== time(purchase.planEventAt);
  return { plan, changed };
}

/** Whether a plan event for `item` (null: the whole order) concerns the purchase row. */
export function planEventConcerns(
  purchase: { grantingItems: string[]; externalProductId: string | null },
  item: string | null,
): boolean {
  return item === null || grantingItemsOf(purchase).includes(item);
}
