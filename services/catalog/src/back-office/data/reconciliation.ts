import type { Knex } from '@sleep-ritual/platform/db';

export type ReconciliationRow = {
  checkpoints: Record<string, number>;
  startedAt: Date | null;
  finishedAt: Date | null;
  outcome: string | null;
  error: string | null;
  findings: unknown;
};

/** The one row the worker's reconciliation keeps, or undefined before its first run. */
export async function readReconciliation(db: Knex): Promise<ReconciliationRow | undefined> {
  return db('thrivecart_reconciliation')
    .where({ id: 1 })
    .first('checkpoints', 'startedAt', 'finishedAt', 'outcome', 'error', 'findings');
}
