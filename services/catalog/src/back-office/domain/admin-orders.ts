import type { Job } from 'bullmq';
import {
  ADMIN_MEMBER_MESSAGES,
  adminOrderSchema,
  orderResultSchema,
  type AdminOrder,
  RECONCILIATION_MESSAGES,
  reconciliationFindingsSchema,
  type OrderAttention,
  type ReconciliationState,
  type OrderList,
  type OrderListQuery,
  type OrderStatus,
} from '@sleep-ritual/contracts/admin-members';
import { deletedAccountOrders } from '@sleep-ritual/auth/deleted-accounts';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '@sleep-ritual/platform/errors';
import { ignoredTestOrders } from '../data/ignored-test-orders.ts';
import { RECONCILE_EVERY_MINUTES, requestReconciliation } from '@sleep-ritual/jobs/reconcile';
import type { PurchaseJob } from '@sleep-ritual/jobs/purchases';
import { insertAuditRow, type AuditActor } from '../data/admin-audit-log.ts';
import { memberIdOf, orderBuyers } from '../data/order-buyers.ts';
import { ordersAwaitingMapping } from '../data/orders-awaiting-mapping.ts';
import { readReconciliation } from '../data/reconciliation.ts';
import { queuesOf, type CatalogDeps } from '../../deps.ts';

// The checkout orders as the worker processed them: the purchases queue's finished jobs (completed ones
// are kept a month, failed ones until someone retries them), newest first.

type PurchaseJobRecord = Job<PurchaseJob>;

const STATES = ['completed', 'failed', 'waiting', 'active', 'delayed'] as const;

/**
 * The items a job is about: a plan event's, the item its plan pays for; a refund's, the item it takes
 * back (`bump-?` when it names only the kind), or the order's items when it takes the whole order;
 * otherwise the items it provisions.
 */
function productsOf(job: PurchaseJob): string[] {
  if (job.plan?.item) return [job.plan.item];
  if (job.refund?.scope === 'item') return [job.refund.item];
  if (job.refund?.scope === 'kind') return [`${job.refund.kind}-?`];
  return job.items;
}

function toOrder(job: PurchaseJobRecord, state: string): AdminOrder {
  const result = orderResultSchema.safeParse(job.returnvalue);
  return {
    // A job read back from the queue always has its id.
    jobId: job.id ?? '',
    status: adminOrderSchema.shape.status.safeParse(state).data ?? 'unknown',
    event: job.data.event,
    orderId: job.data.orderId,
    email: job.data.customer?.email ?? null,
    products: productsOf(job.data),
    test: job.data.test,
    receivedAt: new Date(job.timestamp).toISOString(),
    processedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
    attempts: job.attemptsMade,
    result: state === 'completed' && result.success ? result.data : null,
    error: state === 'failed' ? job.failedReason || 'Failed' : null,
  };
}

export async function listOrders(deps: CatalogDeps, query: OrderListQuery): Promise<OrderList> {
  const { purchases } = queuesOf(deps);
  const states: OrderStatus[] = query.status ? [query.status] : ['completed', 'failed'];
  const start = (query.page - 1) * query.pageSize;
  const end = start + query.pageSize - 1;
  // Each state is a list sorted by finishing time; BullMQ reads a range of each and appends them, so
  // for both, read the first `end + 1` of each and merge: the page is among them.
  const pages = await Promise.all(
    states.map(async (state) =>
      (await purchases.getJobs([state], states.length === 1 ? start : 0, end)).map((job) => ({ job, state })),
    ),
  );
  const merged = pages
    .flat()
    .sort((a, b) => (b.job.finishedOn ?? 0) - (a.job.finishedOn ?? 0) || b.job.timestamp - a.job.timestamp);
  const items = (states.length === 1 ? merged : merged.slice(start, end + 1)).map(({ job, state }) =>
    toOrder(job, state),
  );
  await nameBuyers(deps, items);
  const counts = await purchases.getJobCounts(...STATES);
  const count = (state: (typeof STATES)[number]) => counts[state] ?? 0;
  return {
    items,
    total: states.map(count).reduce((sum, value) => sum + value, 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: {
      completed: count('completed'),
      failed: count('failed'),
      waiting: count('waiting'),
      active: count('active'),
      delayed: count('delayed'),
    },
  };
}

/**
 * Puts a failed order back on the queue with its attempts reset, for instance once the product mapping
 * it lacked has been added. The audit row names the buyer when their e-mail belongs to a member.
 */
export async function retryOrder(deps: CatalogDeps, actor: AuditActor, jobId: string): Promise<AdminOrder> {
  const { purchases } = queuesOf(deps);
  const job = await purchases.getJob(jobId);
  if (!job) throw new NotFoundError(ADMIN_MEMBER_MESSAGES.orderNotFound);
  if ((await job.getState()) !== 'failed')
    throw new ConflictError(ADMIN_MEMBER_MESSAGES.onlyFailedOrdersRetry);
  await deps.db.transaction(async (trx) => {
    const email = job.data.customer?.email;
    const memberId = email ? await memberIdOf(trx, email) : undefined;
    await insertAuditRow(trx, actor, {
      action: 'retry-order',
      memberId: memberId ?? null,
      details: { jobId, orderId: job.data.orderId, event: job.data.event, error: job.failedReason ?? null },
    });
    try {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    } catch (error) {
      // Retried by someone else in the meantime: the job is no longer in the failed list.
      if ((await job.getState()) !== 'failed')
        throw new ConflictError(ADMIN_MEMBER_MESSAGES.onlyFailedOrdersRetry);
      throw error;
    }
  });
  const fresh = await purchases.getJob(jobId);
  const order = toOrder(fresh ?? job, fresh ? await fresh.getState() : 'unknown');
  await nameBuyers(deps, [order]);
  return order;
}

/**
 * Each order's buyer: a job not yet provisioned keeps the address as ThriveCart sent it (a deleted
 * member's is not shown); a completed one keeps none (purchaseJobOnceDone), and its buyer is the
 * order's member.
 */
async function nameBuyers(deps: CatalogDeps, orders: AdminOrder[]): Promise<void> {
  const orderIds = orders.map((order) => order.orderId);
  const [deleted, buyers] = await Promise.all([
    deletedAccountOrders(deps.db, orderIds),
    orderBuyers(deps.db, orderIds),
  ]);
  for (const order of orders) {
    order.email = deleted.has(order.orderId) ? null : (order.email ?? buyers.get(order.orderId) ?? null);
  }
}

/** Orders waiting on a product mapping, and test orders ignored in production (see the contract). */
export async function orderAttention(deps: CatalogDeps): Promise<OrderAttention> {
  const [rows, ignored] = await Promise.all([
    ordersAwaitingMapping(deps.db),
    ignoredTestOrders(deps.db, deps.config.queuePrefix),
  ]);
  const byOrder = new Map<string, OrderAttention['awaitingMapping'][number]>();
  for (const row of rows) {
    const order = byOrder.get(row.thriveOrderId) ?? {
      orderId: row.thriveOrderId,
      email: row.email,
      items: [],
      since: row.createdAt.toISOString(),
    };
    order.items.push({ item: row.item, mapped: row.mapped });
    byOrder.set(row.thriveOrderId, order);
  }
  return { awaitingMapping: [...byOrder.values()], ignoredTestOrders: ignored };
}

/** Whether reconciliation with ThriveCart is set up, its last run, and how far back it has looked. */
export async function reconciliationState(deps: CatalogDeps): Promise<ReconciliationState> {
  const row = await readReconciliation(deps.db);
  const outcome = row?.outcome;
  return {
    configured: Boolean(deps.config.thrivecartApiKey),
    everyMinutes: RECONCILE_EVERY_MINUTES,
    lastRun:
      row?.startedAt && (outcome === 'running' || outcome === 'succeeded' || outcome === 'failed')
        ? {
            startedAt: row.startedAt.toISOString(),
            finishedAt: row.finishedAt?.toISOString() ?? null,
            outcome,
            error: row.error,
            findings: reconciliationFindingsSchema.safeParse(row.findings).data ?? null,
          }
        : null,
    checkpoints: Object.fromEntries(
      Object.entries(row?.checkpoints ?? {}).map(([mode, seconds]) => [
        mode,
        new Date(seconds * 1000).toISOString(),
      ]),
    ),
  };
}

/** "Check now": queues a reconciliation run for the worker (409 when no API key is set). */
export async function checkReconciliationNow(deps: CatalogDeps): Promise<void> {
  if (!deps.config.thrivecartApiKey) throw new ConflictError(RECONCILIATION_MESSAGES.notConfigured);
  const queue = queuesOf(deps).reconcile;
  if (!queue) throw new ServiceUnavailableError();
  await requestReconciliation(queue);
}
