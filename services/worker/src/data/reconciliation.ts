import type { Knex } from 'knex';
import type { ReconciliationFindings } from '@sleep-ritual/contracts/admin-members';

/** Per mode, unix seconds of the newest transaction already looked at. */
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

/** The run's end: its findings, its error if it failed, and (only when it succeeded) the new checkpoints. */
export async function recordRunFinished(
  db: Knex,
  run: { findings: ReconciliationFindings; error: string | null; checkpoints: Checkpoints | null },
): Promise<void> {
  await db('thrivecart_reconciliation')
    .where({ id: 1 })
    .update({
      finishedAt: db.fn.now(),
      outcome: run.error ? 'failed' : 'succeeded',
      error: run.error,
      findings: JSON.stringify(run.findings),
      ...(run.checkpoints ? { checkpoints: JSON.stringify(run.checkpoints) } : {}),
    });
}

/** What this system already knows of an order: the items that opened its purchases, refunded ones, waiting ones. */
export async function orderKnowledge(
  db: Knex,
  orderId: string,
): Promise<{ granted: Set<string>; refunded: Set<string>; awaiting: Set<string> }> {
  const [purchases, awaiting] = await Promise.all([
    db('purchases')
      .where({ thriveOrderId: orderId })
      .select('grantingItems', 'refundedItems', 'externalProductId', 'status'),
    db('orders_awaiting_mapping').where({ thriveOrderId: orderId }).pluck('item'),
  ]);
  const granted = new Set<string>();
  const refunded = new Set<string>();
  for (const row of purchases as {
    grantingItems: string[];
    refundedItems: string[];
    externalProductId: string | null;
    status: string;
  }[]) {
    const items =
      row.grantingItems.length > 0 ? row.grantingItems : row.externalProductId ? [row.externalProductId] : [];
    for (const item of items) granted.add(item);
    for (const item of row.refundedItems) refunded.add(item);
    // A purchase refunded before items were recorded counts its item as refunded.
    if (row.status === 'refunded' && row.refundedItems.length === 0)
      for (const item of items) refunded.add(item);
  }
  return { granted, refunded, awaiting: new Set(awaiting as string[]) };
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
