import { UnrecoverableError } from 'bullmq';
import type { Logger } from '@sleep-ritual/platform/logger';
import { findOrCreateBuyer } from '../data/buyers.ts';
import {
  clearAwaitingMapping,
  insertCompletedPurchases,
  programsForItems,
  recordAwaitingMapping,
  refundOrder,
} from '../data/purchases.ts';
import type { PurchaseDeps } from '../deps.ts';
import { enqueueEmail, type PurchaseJob } from '../queues.ts';

export type PurchaseOutcome =
  | { action: 'provisioned'; userId: number; programIds: number[]; newPurchases: number }
  | { action: 'refunded'; refunded: number };

/**
 * What a purchase event does to access. Idempotent: running it again for the same event (a retry, a
 * redelivered webhook, a job picked up again after a crash) changes nothing more.
 */
export async function processPurchase(
  deps: PurchaseDeps,
  job: PurchaseJob,
  log: Logger,
): Promise<PurchaseOutcome> {
  return job.event === 'order.refund' ? refund(deps, job, log) : provision(deps, job, log);
}

async function provision(deps: PurchaseDeps, job: PurchaseJob, log: Logger): Promise<PurchaseOutcome> {
  if (!job.customer) throw new UnrecoverableError(`Order ${job.orderId} has no customer e-mail`);
  const customer = job.customer;

  const result = await deps.db.transaction(async (trx) => {
    const mapped = await programsForItems(trx, job.items);
    const unmapped = job.items.filter((item) => !mapped.has(item));
    if (unmapped.length === 0) await clearAwaitingMapping(trx, job.orderId);
    if (mapped.size === 0) return { unmapped };
    // Two items of one order may open the same programme: one purchase, named after the first item and
    // listing both, so that refunding one of them leaves the programme open.
    const programs = new Map<number, string[]>();
    for (const item of job.items) {
      const programId = mapped.get(item);
      if (programId !== undefined) programs.set(programId, [...(programs.get(programId) ?? []), item]);
    }
    const userId = await findOrCreateBuyer(trx, customer);
    const newPurchases = await insertCompletedPurchases(trx, {
      userId,
      orderId: job.orderId,
      programs: [...programs].map(([programId, items]) => ({ programId, items })),
    });
    return { unmapped, userId, programIds: [...programs.keys()], newPurchases };
  });

  if (result.userId !== undefined) {
    await enqueueEmail(deps.emails, {
      template: 'create-account',
      userId: result.userId,
      orderId: job.orderId,
    });
    log.info(
      { userId: result.userId, programIds: result.programIds, newPurchases: result.newPurchases },
      job.test ? 'test order provisioned' : 'order provisioned',
    );
  }
  // Kept as a failed job for someone to look at, rather than silently dropped. Retrying cannot help
  // until a mapping is added, so it fails at once; retry it from the queue after adding the mapping.
  const unrecognized = job.unrecognizedItems ?? [];
  if (result.unmapped.length > 0 || unrecognized.length > 0) {
    const reasons = [
      ...(result.unmapped.length > 0
        ? [`No programme is mapped to ${result.unmapped.join(', ')} (order ${job.orderId})`]
        : []),
      ...(unrecognized.length > 0
        ? [
            `ThriveCart sent ${unrecognized.map((entry) => JSON.stringify(entry)).join(', ')} in order ${job.orderId}, which is not a product-N, bump-N, upsell-N or downsell-N item; the other items were provisioned`,
          ]
        : []),
    ];
    const message = reasons.join('; ');
    log.error({ unmapped: result.unmapped, unrecognized }, message);
    if (result.unmapped.length > 0) {
      // Someone has to add the mapping: support hears of it, and the back office shows a banner.
      const waiting = { orderId: job.orderId, items: result.unmapped, email: customer.email };
      await recordAwaitingMapping(deps.db, waiting);
      await enqueueEmail(deps.emails, {
        template: 'unmapped-item',
        orderId: job.orderId,
        items: result.unmapped,
        buyerEmail: customer.email,
      });
    }
    throw new UnrecoverableError(message);
  }
  return {
    action: 'provisioned',
    userId: result.userId!,
    programIds: result.programIds!,
    newPurchases: result.newPurchases!,
  };
}

async function refund(deps: PurchaseDeps, job: PurchaseJob, log: Logger): Promise<PurchaseOutcome> {
  const scope = job.refund ?? { scope: 'order' };
  const { refunded, concerned, total } = await refundOrder(deps.db, job.orderId, scope);
  // The order's own success event may still be waiting in the queue: retry (with backoff) until it
  // has been provisioned, so a refund never comes to nothing.
  if (total === 0)
    throw new Error(`No purchases recorded for order ${job.orderId} yet; the refund will be retried`);
  log.info(
    { refunded, concerned, refund: scope },
    scope.scope === 'order'
      ? 'order refunded: access removed'
      : refunded > 0
        ? 'item refunded: access to its programme removed'
        : 'item refunded: no programme lost access (none mapped, or another item of the order still opens it)',
  );
  return { action: 'refunded', refunded };
}
