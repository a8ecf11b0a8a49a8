import type { Knex } from 'knex';
import { deletedAccountOrders } from '@sleep-ritual/auth/deleted-accounts';
import { noFindings, type ReconciliationFindings } from '@sleep-ritual/contracts/admin-members';
import { itemKeySchema } from '@sleep-ritual/contracts/purchases';
import { storableText, type PurchaseCustomer } from '@sleep-ritual/thrivecart/webhook';
import type { Logger } from '@sleep-ritual/platform/logger';
import {
  knowledgeOf,
  ordersKnowledge,
  planKnowledge,
  readCheckpoints,
  recordRunFinished,
  recordRunStarted,
  type Checkpoints,
} from '../data/reconciliation.ts';
import {
  enqueuePurchase,
  enqueuePurchases,
  type PurchaseJob,
  type PurchasesQueue,
} from '@sleep-ritual/jobs/purchases';
import {
  PER_PAGE,
  type ThrivecartApi,
  type ThrivecartMode,
  type Transaction,
  type TransactionType,
} from '@sleep-ritual/thrivecart/api-client';

/**
 * Reconciliation: ThriveCart documents no retry of a webhook it could not deliver, so an order lost to an
 * outage, a rotated secret or a deploy gap is found here instead. Each run pages through ThriveCart's
 * transactions (charges, refunds, cancellations, instalments paid; live, and test while test orders are
 * accepted), newest first, back to the checkpoint of the previous run, and queues every charge, refund or
 * payment-plan event this system has not processed through the same idempotent purchase processor as the
 * webhook. A failed instalment is no transaction, so reconciliation only ever finds what keeps or
 * restores access (a plan cancelled keeps it, an instalment paid restores it), or a refund. The checkpoint moves only
 * when a run succeeds, so a failed run is simply done again by the next one.
 *
 * Each kind of transaction is listed at its own moment, one after the other. A charge made after the
 * charges were listed can be older than a refund or cancellation the later listings show, so the newest
 * transaction of any kind is no safe checkpoint: the next run would start past that charge and never see
 * it. The checkpoint is the newest transaction of the first listing (charges) instead: ThriveCart's clock
 * had reached it when it was listed, so every later listing of the run shows all of its kind up to that
 * time. What is newer is looked at again by the next run, harmlessly (what is processed is not queued
 * again). Runs do not overlap (the worker takes one at a time across processes); if they ever did, each
 * run's checkpoint still covers only what that run queued, and the stored one never moves back.
 */

export type ReconcileDeps = {
  db: Knex;
  purchases: PurchasesQueue;
  api: ThrivecartApi;
  acceptTestOrders: boolean;
  /** Unix seconds; a first run looks back this far. */
  now?: () => number;
};

/** How far back the very first run looks. */
const FIRST_RUN_LOOKBACK_SECONDS = 7 * 24 * 60 * 60;
/** Findings lists are capped: the back office shows the run, not an export. */
const LISTED = 50;
/** The kinds of transaction a run lists, in this order; the first one sets the checkpoint. */
const LISTED_KINDS = ['charge', 'refund', 'rebill', 'cancel'] as const satisfies readonly TransactionType[];

export async function reconcile(deps: ReconcileDeps, log: Logger): Promise<ReconciliationFindings> {
  const now = deps.now?.() ?? Math.floor(Date.now() / 1000);
  const findings = noFindings();
  await recordRunStarted(deps.db);
  const checkpoints = await readCheckpoints(deps.db);
  const next: Checkpoints = { ...checkpoints };
  try {
    const modes: ThrivecartMode[] = deps.acceptTestOrders ? ['live', 'test'] : ['live'];
    for (const mode of modes) {
      const since = checkpoints[mode] ?? now - FIRST_RUN_LOOKBACK_SECONDS;
      let checkpoint = since;
      for (const type of LISTED_KINDS) {
        const transactions = await transactionsSince(deps.api, mode, type, since);
        findings.transactionsSeen += transactions.length;
        if (type === LISTED_KINDS[0])
          for (const transaction of transactions) checkpoint = Math.max(checkpoint, transaction.timestamp);
        if (type === 'charge') await queueCharges(deps, mode, transactions, findings);
        if (type === 'refund') await queueRefunds(deps, mode, transactions, findings);
        if (type === 'cancel') findings.cancellationsSeen += transactions.length;
        if (type === 'cancel' || type === 'rebill')
          await queuePlanEvents(deps, mode, type, transactions, findings);
      }
      next[mode] = checkpoint;
    }
    findings.requests = deps.api.requests();
    await recordRunFinished(deps.db, { findings, error: null, checkpoints: next });
    log.info({ findings }, 'reconciliation with ThriveCart done');
    return findings;
  } catch (error) {
    findings.requests = deps.api.requests();
    const message = (error as Error).message;
    await recordRunFinished(deps.db, { findings, error: message, checkpoints: null });
    log.error({ err: message, findings }, 'reconciliation with ThriveCart failed');
    throw error;
  }
}

/** Pages newest first until a page reaches past `since` (inclusive: the boundary is seen again, harmlessly). */
async function transactionsSince(
  api: ThrivecartApi,
  mode: ThrivecartMode,
  type: TransactionType,
  since: number,
): Promise<Transaction[]> {
  const found: Transaction[] = [];
  for (let page = 1; ; page += 1) {
    const { transactions, meta } = await api.transactions(mode, type, page);
    found.push(...transactions.filter((transaction) => transaction.timestamp >= since));
    const reachedCheckpoint = transactions.some((transaction) => transaction.timestamp < since);
    const lastPage =
      transactions.length < PER_PAGE || (meta?.total !== undefined && page * PER_PAGE >= meta.total);
    if (reachedCheckpoint || lastPage) return found;
  }
}

function itemOf(transaction: Transaction): string | undefined {
  if (!transaction.item_type || !transaction.item_id) return undefined;
  const item = itemKeySchema.safeParse(`${transaction.item_type}-${transaction.item_id}`);
  return item.success ? item.data : undefined;
}

function customerOf(transaction: Transaction): PurchaseCustomer | null {
  const email = transaction.customer?.email?.trim().toLowerCase();
  if (!email) return null;
  const [first, ...rest] = storableText(transaction.customer?.name ?? '')
    .trim()
    .split(/\s+/);
  return { email, firstName: first || null, lastName: rest.length > 0 ? rest.join(' ') : null };
}

function byOrder(transactions: Transaction[]): Map<string, Transaction[]> {
  const orders = new Map<string, Transaction[]>();
  for (const transaction of transactions)
    orders.set(transaction.order_id, [...(orders.get(transaction.order_id) ?? []), transaction]);
  return orders;
}

/** How many purchase jobs a run hands the queue store at once (a large backlog is queued in batches). */
const ENQUEUED_AT_ONCE = 100;

async function enqueueAll(queue: PurchasesQueue, jobs: PurchaseJob[]): Promise<void> {
  const purchases = jobs.map((job) => ({ job }));
  for (let start = 0; start < purchases.length; start += ENQUEUED_AT_ONCE)
    await enqueuePurchases(queue, purchases.slice(start, start + ENQUEUED_AT_ONCE));
}

async function queueCharges(
  deps: ReconcileDeps,
  mode: ThrivecartMode,
  transactions: Transaction[],
  findings: ReconciliationFindings,
): Promise<void> {
  const orders = byOrder(transactions);
  const [knowledge, deleted] = await Promise.all([
    ordersKnowledge(deps.db, [...orders.keys()]),
    deletedAccountOrders(deps.db, [...orders.keys()]),
  ]);
  const jobs: PurchaseJob[] = [];
  for (const [orderId, charges] of orders) {
    // A deleted member's order is done with: queued, it would provision nothing and hold their address.
    if (deleted.has(orderId)) {
      findings.alreadyProcessed += charges.length;
      continue;
    }
    const known = knowledgeOf(knowledge, orderId);
    const missing = new Set<string>();
    // Oldest first, so the main product comes before its bump and upsells, as in the webhook.
    for (const charge of [...charges].sort((a, b) => a.timestamp - b.timestamp)) {
      const item = itemOf(charge);
      if (!item) {
        if (findings.unrecognized.length < LISTED)
          findings.unrecognized.push(`${orderId}: ${charge.item_type ?? '?'}-${charge.item_id ?? '?'}`);
        continue;
      }
      if (known.granted.has(item) || known.awaiting.has(item)) findings.alreadyProcessed += 1;
      else missing.add(item);
    }
    const customer = charges.map(customerOf).find(Boolean) ?? null;
    if (missing.size === 0 || !customer) continue;
    jobs.push({
      event: 'order.success',
      orderId,
      invoiceId: charges.find((charge) => charge.invoice_id)?.invoice_id ?? null,
      test: mode === 'test',
      customer,
      items: [...missing],
      totalCents: null,
    });
  }
  await enqueueAll(deps.purchases, jobs);
  for (const { orderId, items } of jobs)
    if (findings.chargesQueued.length < LISTED)
      findings.chargesQueued.push({ orderId, items, test: mode === 'test' });
}

async function queueRefunds(
  deps: ReconcileDeps,
  mode: ThrivecartMode,
  transactions: Transaction[],
  findings: ReconciliationFindings,
): Promise<void> {
  const orders = byOrder(transactions);
  const knowledge = await ordersKnowledge(deps.db, [...orders.keys()]);
  const jobs: (PurchaseJob & { refund: { scope: 'item'; item: string } })[] = [];
  for (const [orderId, refunds] of orders) {
    const known = knowledgeOf(knowledge, orderId);
    for (const refund of refunds) {
      const item = itemOf(refund);
      // Nothing to take back: the item opened nothing here, or its refund is already applied.
      if (!item || !known.granted.has(item) || known.refunded.has(item)) {
        findings.alreadyProcessed += 1;
        continue;
      }
      jobs.push({
        event: 'order.refund',
        orderId,
        invoiceId: refund.invoice_id ?? null,
        test: mode === 'test',
        customer: null,
        items: [],
        totalCents: null,
        refund: { scope: 'item', item },
      });
    }
  }
  await enqueueAll(deps.purchases, jobs);
  for (const { orderId, refund } of jobs)
    if (findings.refundsQueued.length < LISTED)
      findings.refundsQueued.push({ orderId, item: refund.item, test: mode === 'test' });
}

/**
 * Cancellations and paid instalments of payment plans whose webhook never arrived, as the plan events
 * `order.subscription_cancelled` and `order.subscription_payment` at ThriveCart's time of the transaction:
 * a buyer whose instalment was paid must not stay suspended because the payment's webhook was lost. Only
 * for items that opened a purchase here (a plan of an order this system never provisioned has nothing to
 * apply to; its charge is reconciled first), and only when no newer event of the kind is applied yet.
 */
async function queuePlanEvents(
  deps: ReconcileDeps,
  mode: ThrivecartMode,
  type: 'cancel' | 'rebill',
  transactions: Transaction[],
  findings: ReconciliationFindings,
): Promise<void> {
  const event = type === 'cancel' ? 'order.subscription_cancelled' : 'order.subscription_payment';
  for (const transaction of [...transactions].sort((a, b) => a.timestamp - b.timestamp)) {
    const item = itemOf(transaction);
    if (!item) continue;
    const known = await planKnowledge(deps.db, transaction.order_id, item);
    if (!known) continue;
    const at = new Date(transaction.timestamp * 1000);
    const newest = type === 'cancel' ? known.planEventAt : known.paymentEventAt;
    const applied =
      newest !== null && newest.getTime() >= at.getTime() && (type !== 'cancel' || known.cancelled);
    if (applied) {
      findings.alreadyProcessed += 1;
      continue;
    }
    await enqueuePurchase(deps.purchases, {
      event,
      orderId: transaction.order_id,
      invoiceId: transaction.invoice_id ?? null,
      test: mode === 'test',
      customer: customerOf(transaction),
      items: [],
      totalCents: null,
      plan: { item, at: at.toISOString(), receivedAt: new Date().toISOString() },
    });
    if (findings.planEventsQueued.length < LISTED)
      findings.planEventsQueued.push({ orderId: transaction.order_id, event, item, test: mode === 'test' });
  }
}
