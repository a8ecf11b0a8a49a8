import { UnrecoverableError } from 'bullmq';
import { isPlanEvent, type PlanEventName } from '@sleep-ritual/contracts/purchases';
import { isDeletedAccountOrder } from '@sleep-ritual/auth/deleted-accounts';
import type { Logger } from '@sleep-ritual/platform/logger';
import {
  applyPlanEvent,
  clearAwaitingMapping,
  fileOrder,
  mapItemsEndingWait,
  recordAwaitingMapping,
  refundOrder,
} from '../data/purchases.ts';
import type { PurchaseDeps } from '../deps.ts';
import { enqueueEmail } from '@sleep-ritual/jobs/emails';
import { endUnprovenPassword } from '@sleep-ritual/auth/unproven-passwords';
import type { PurchaseJob } from '@sleep-ritual/jobs/purchases';
import type { PurchaseCustomer } from '@sleep-ritual/thrivecart/webhook';
import { SIGNED_OUT } from '@sleep-ritual/platform/session-store';

export type PurchaseOutcome =
  | { action: 'provisioned'; userId: number; programIds: number[]; newPurchases: number }
  | { action: 'refunded'; refunded: number }
  | { action: 'plan-updated'; changed: number }
  | { action: 'ignored'; reason: string };

/**
 * What a purchase event does to access. Idempotent: running it again for the same event (a retry, a
 * redelivered webhook, a job picked up again after a crash) changes nothing more.
 */
export async function processPurchase(
  deps: PurchaseDeps,
  job: PurchaseJob,
  log: Logger,
): Promise<PurchaseOutcome> {
  if (job.plan && isPlanEvent(job.event)) return planEvent(deps, job, job.event, job.plan, log);
  return job.event === 'order.refund' ? refund(deps, job, log) : provision(deps, job, log);
}

async function provision(deps: PurchaseDeps, job: PurchaseJob, log: Logger): Promise<PurchaseOutcome> {
  // A member who deleted their account stays deleted: their old orders recreate nobody and mail nobody,
  // whether or not their job still names the buyer (the deletion drops it from a job not provisioned), and
  // wait on no mapping.
  if (await isDeletedAccountOrder(deps.db, job.orderId)) {
    await clearAwaitingMapping(deps.db, job.orderId);
    log.info('order of a deleted account: nothing provisioned, nothing mailed');
    return { action: 'ignored', reason: 'the order belongs to a deleted account' };
  }
  if (!job.customer) throw new UnrecoverableError(`Order ${job.orderId} has no customer e-mail`);
  const filed = await fileMappedItems(deps, job, job.customer);
  if (filed.granted) await welcomeBuyer(deps, job, filed.granted, log);
  await reportUnprovisioned(deps, job, filed, log);
  // Only an order without items maps nothing and reports no problem.
  if (!filed.granted) return { action: 'ignored', reason: 'the order has no items' };
  const { userId, programIds, newPurchases } = filed.granted;
  return { action: 'provisioned', userId, programIds, newPurchases };
}

/** What filing an order's mapped items gave: the buyer's access, if any item was mapped. */
type Granted = {
  userId: number;
  programIds: number[];
  /** Every programme the order opens now, whichever of its items this job carried. */
  orderProgramIds: number[];
  newPurchases: number;
  /** The account's password was set through another order's redirect, and has just ended. */
  unproven: boolean;
};
type Filed = { unmapped: string[]; buyer: PurchaseCustomer; granted?: Granted };

/**
 * In one transaction: the order's items mapped to programmes (ending its wait on a mapping), the buyer
 * found or created, a purchase per programme, and a password nobody proved the address for ended.
 */
async function fileMappedItems(
  deps: PurchaseDeps,
  job: PurchaseJob,
  customer: PurchaseCustomer,
): Promise<Filed> {
  return deps.db.transaction(async (trx) => {
    const { mapped, waitedAs } = await mapItemsEndingWait(trx, job.orderId, job.items);
    // An order that waited on a mapping goes to the address it waited under: support may have moved
    // the member to a new one meanwhile, and the checkout's would make a new account.
    const buyer = waitedAs ? { ...customer, email: waitedAs } : customer;
    const unmapped = job.items.filter((item) => !mapped.has(item));
    if (mapped.size === 0) return { unmapped, buyer };
    // Two items of one order may open the same programme: one purchase, named after the first item and
    // listing both, so that refunding one of them leaves the programme open.
    const programs = new Map<number, string[]>();
    for (const item of job.items) {
      const programId = mapped.get(item);
      if (programId !== undefined) programs.set(programId, [...(programs.get(programId) ?? []), item]);
    }
    const { userId, newPurchases, orderProgramIds } = await fileOrder(trx, buyer, {
      orderId: job.orderId,
      programs: [...programs].map(([programId, items]) => ({ programId, items })),
    });
    // A password set through another order's checkout redirect proves nothing about the address: this
    // order's buyer may be the address's owner, who takes the account with the create-account link.
    const { unproven } = await endUnprovenPassword(trx, userId, job.orderId);
    return {
      unmapped,
      buyer,
      granted: { userId, programIds: [...programs.keys()], orderProgramIds, newPurchases, unproven },
    };
  });
}

/** The buyer's sessions ended if their password proved nothing, and their create-account e-mail queued. */
async function welcomeBuyer(
  deps: PurchaseDeps,
  job: PurchaseJob,
  granted: Granted,
  log: Logger,
): Promise<void> {
  if (granted.unproven) {
    // Before the e-mail is queued: a failure here retries the job, which signs out again.
    await deps.sessions.endUser(granted.userId, SIGNED_OUT);
    log.info(
      { userId: granted.userId },
      'order filed under an account whose address nobody proved: its password and sessions ended',
    );
  }
  await enqueueEmail(deps.emails, {
    template: 'create-account',
    userId: granted.userId,
    orderId: job.orderId,
    // The order as it stands, whichever of its items this job carried: a reconciliation that queues
    // only a missing upsell mails nothing the upsell's own webhook has mailed.
    programIds: granted.orderProgramIds,
    requestId: job.requestId,
  });
  log.info(
    { userId: granted.userId, programIds: granted.programIds, newPurchases: granted.newPurchases },
    job.test ? 'test order provisioned' : 'order provisioned',
  );
}

/**
 * Items that provisioned nothing fail the job, kept as a failed job for someone to look at rather than
 * silently dropped: retrying cannot help until a mapping is added, so it fails at once (retry it from
 * the queue after adding the mapping). An unmapped item waits on its mapping, and support hears of it.
 */
async function reportUnprovisioned(
  deps: PurchaseDeps,
  job: PurchaseJob,
  filed: Filed,
  log: Logger,
): Promise<void> {
  const unrecognized = job.unrecognizedItems ?? [];
  if (filed.unmapped.length === 0 && unrecognized.length === 0) return;
  const reasons = [
    ...(filed.unmapped.length > 0
      ? [`No programme is mapped to ${filed.unmapped.join(', ')} (order ${job.orderId})`]
      : []),
    ...(unrecognized.length > 0
      ? [
          `ThriveCart sent ${unrecognized.map((entry) => JSON.stringify(entry)).join(', ')} in order ${job.orderId}, which is not a product-N, bump-N, upsell-N or downsell-N item; the other items were provisioned`,
        ]
      : []),
  ];
  const message = reasons.join('; ');
  log.error({ unmapped: filed.unmapped, unrecognized }, message);
  if (filed.unmapped.length > 0) {
    // Someone has to add the mapping: support hears of it, and the back office shows a banner.
    const waiting = { orderId: job.orderId, items: filed.unmapped, email: filed.buyer.email };
    await recordAwaitingMapping(deps.db, waiting);
    await enqueueEmail(deps.emails, {
      template: 'unmapped-item',
      orderId: job.orderId,
      items: filed.unmapped,
      buyerEmail: filed.buyer.email,
      requestId: job.requestId,
    });
  }
  throw new UnrecoverableError(message);
}

async function refund(deps: PurchaseDeps, job: PurchaseJob, log: Logger): Promise<PurchaseOutcome> {
  const requested = job.refund ?? { scope: 'order' };
  const { refunded, concerned, total, applied } = await refundOrder(
    deps.db,
    job.orderId,
    requested,
    job.items,
  );
  // The order's own success event may still be waiting in the queue: retry (with backoff) until it
  // has been provisioned, so a refund never comes to nothing.
  if (total === 0)
    throw new Error(`No purchases recorded for order ${job.orderId} yet; the refund will be retried`);
  if (!applied) {
    log.warn(
      { refund: requested },
      'item refunded, but the refund names no item and the order has no single item of its kind: ' +
        "no access removed; revoke the refunded programme on the member's page (Revoke Access)",
    );
    return { action: 'refunded', refunded: 0 };
  }
  log.info(
    { refunded, concerned, refund: applied },
    applied.scope === 'order'
      ? 'order refunded: access removed'
      : refunded > 0
        ? 'item refunded: access to its programme removed'
        : 'item refunded: no programme lost access (none mapped, or another item of the order still opens it)',
  );
  return { action: 'refunded', refunded };
}

/**
 * A payment-plan event (instalment paid or failed, plan cancelled, paused or resumed), applied to the
 * purchases the plan's item opens as purchase-access's policy says. Like a refund, it waits (retrying with
 * backoff) while the order itself is not provisioned yet.
 */
async function planEvent(
  deps: PurchaseDeps,
  job: PurchaseJob,
  event: PlanEventName,
  plan: NonNullable<PurchaseJob['plan']>,
  log: Logger,
): Promise<PurchaseOutcome> {
  const receivedAt = new Date(plan.receivedAt);
  const sent = plan.at ? new Date(plan.at) : receivedAt;
  // A time ahead of our own clock when it arrived is the sender's clock, not the event's.
  const at = sent.getTime() > receivedAt.getTime() ? receivedAt : sent;
  const { changed, concerned, total } = await applyPlanEvent(
    deps.db,
    job.orderId,
    plan.item,
    { name: event, at },
    { graceDays: deps.paymentGraceDays },
  );
  if (total === 0)
    throw new Error(`No purchases recorded for order ${job.orderId} yet; the ${job.event} will be retried`);
  log.info(
    { item: plan.item, at: at.toISOString(), changed, concerned },
    concerned === 0
      ? 'plan event names an item that opened nothing here: nothing to do'
      : changed === 0
        ? 'plan event changed nothing (already applied, or older than the state it found)'
        : 'plan event applied',
  );
  return { action: 'plan-updated', changed };
}
