import type { Knex } from 'knex';
import type { ReconciliationFindings } from '@sleep-ritual/contracts/admin-members';

/** Per mode, unix seconds up to which every transaction has been looked at (see domain/reconcile.ts). */
export type Checkpoints = Partial<Record<'live' | 'test', number>>;

export async function readCheckpoints(db: Knex): Promise<Checkpoints> {
  const row = await db('thrivecart_reconciliation').where({ id: 1 }).first('checkpoints');
  return (row?.checkpoints as Checkpoints | undefined) ?? {};
}

export async function recordRunStarted(db: Knex): Promise<void> {
  await db('thrivecart_reconciliation')
    .insert({
      id: 1,
      startedAt: db.fn.now(),
      finishedAt: null,
      outcome: 'running',
      error: null,
      findings: null,
    })
    .onConflict('id')
    .merge(['startedAt', 'finishedAt', 'outcome', 'error', 'findings']);
}

/**
 * The run's end: its findings, its error if it failed, and (only when it succeeded) the new checkpoints.
 * A checkpoint never moves back: a run that started before another one finished keeps the later one's.
 */
export async function recordRunFinished(
  db: Knex,
  run: { findings: ReconciliationFindings; error: string | null; checkpoints: Checkpoints | null },
): Promise<void> {
  await db.transaction(async (trx) => {
    const stored = await trx('thrivecart_reconciliation').where({ id: 1 }).forUpdate().first('checkpoints');
    const checkpoints: Checkpoints = { ...(stored?.checkpoints as Checkpoints | undefined) };
    for (const [mode, seconds] of Object.entries(run.checkpoints ?? {}) as [keyof Checkpoints, number][])
      checkpoints[mode] = Math.max(checkpoints[mode] ?? seconds, seconds);
    await trx('thrivecart_reconciliation')
      .where({ id: 1 })
      .update({
        finishedAt: trx.fn.now(),
        outcome: run.error ? 'failed' : 'succeeded',
        error: run.error,
        findings: JSON.stringify(run.findings),
        ...(run.checkpoints ? { checkpoints: JSON.stringify(checkpoints) } : {}),
      });
  });
}

export type OrderKnowledge = { granted: Set<string>; refunded: Set<string>; awaiting: Set<string> };

/** What ordersKnowledge learned of one of the orders it was asked about (it holds every one). */
export function knowledgeOf(knowledge: Map<string, OrderKnowledge>, orderId: string): OrderKnowledge {
  const known = knowledge.get(orderId);
  if (!known) throw new Error(`Order ${orderId} was not among the orders looked up`);
  return known;
}

/**
 * What this system already knows of each order: the items that opened its purchases, refunded ones,
 * waiting ones (two queries however many orders, so a run with a large backlog stays quick).
 */
export async function ordersKnowledge(db: Knex, orderIds: string[]): Promise<Map<string, OrderKnowledge>> {
  const known = new Map<string, OrderKnowledge>(
    orderIds.map((orderId) => [orderId, { granted: new Set(), refunded: new Set(), awaiting: new Set() }]),
  );
  if (orderIds.length === 0) return known;
  const [purchases, awaiting] = await Promise.all([
    db('purchases')
      .whereRaw('"thriveOrderId" = any(?)', [orderIds])
      .select('thriveOrderId', 'grantingItems', 'refundedItems', 'externalProductId', 'status'),
    db('orders_awaiting_mapping')
      .whereRaw('"thriveOrderId" = any(?)', [orderIds])
      .select('thriveOrderId', 'item'),
  ]);
  for (const row of purchases as {
    thriveOrderId: string;
    grantingItems: string[];
    refundedItems: string[];
    externalProductId: string | null;
    status: string;
  }[]) {
    const { granted, refunded } = knowledgeOf(known, row.thriveOrderId);
    const items =
      row.grantingItems.length > 0 ? row.grantingItems : row.externalProductId ? [row.externalProductId] : [];
    for (const item of items) granted.add(item);
    for (const item of row.refundedItems) refunded.add(item);
    // A purchase refunded before items were recorded counts its item as refunded.
    if (row.status === 'refunded' && row.refundedItems.length === 0)
      for (const item of items) refunded.add(item);
  }
  for (const row of awaiting as { thriveOrderId: string; item: string }[])
    knowledgeOf(known, row.thriveOrderId).awaiting.add(row.item);
  return known;
}

/**
 * The newest payment-plan events already applied to the purchases an item of an order opens: ThriveCart's
 * time of the newest instalment event and of the newest plan-status event, and whether the plan is
 * recorded cancelled. Null when the item opened nothing here.
 */
export async function planKnowledge(
  db: Knex,
  orderId: string,
  item: string,
): Promise<{ paymentEventAt: Date | null; planEventAt: Date | null; cancelled: boolean } | null> {
  const row = await db('purchases')
    .where({ thriveOrderId: orderId })
    .andWhere((query) =>
      query.whereRaw('? = any("grantingItems")', [item]).orWhere({ externalProductId: item }),
    )
    .first(
      db.raw('count(*)::int as purchases'),
      db.raw('max("paymentEventAt") as "paymentEventAt"'),
      db.raw('max("planEventAt") as "planEventAt"'),
      db.raw(`bool_and("planStatus" is not distinct from 'cancelled') as cancelled`),
    );
  if (!row || row.purchases === 0) return null;
  return { paymentEventAt: row.paymentEventAt, planEventAt: row.planEventAt, cancelled: row.cancelled };
}
