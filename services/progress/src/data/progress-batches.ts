import type { ProgressRecord } from '@sleep-ritual/contracts/progress';
import type { Knex } from '@sleep-ritual/platform/db';
import { createBatcher } from '@sleep-ritual/platform/http/request-batcher';
import { rowKey, upsertProgressIfAllowed, type ProgressValues } from './progress-queries.ts';

type Outcome = ProgressRecord | undefined | { failed: unknown };

const writers = new WeakMap<Knex, (event: ProgressValues) => Promise<Outcome>>();

/**
 * Records one event if the learner may open the class: the record, or undefined. Heartbeats of many
 * learners arrive at once, so the events of concurrent requests are written together, in one statement
 * per batch (see createBatcher); two events of one row never share a batch and keep their order.
 */
export async function upsertEventIfAllowed(
  db: Knex,
  event: ProgressValues,
): Promise<ProgressRecord | undefined> {
  let write = writers.get(db);
  if (!write) {
    write = createBatcher((events: ProgressValues[]) => writeBatch(db, events), {
      maxInFlight: 4,
      maxBatchSize: 100,
      keyOf: rowKey,
    });
    writers.set(db, write);
  }
  const outcome = await write(event);
  if (outcome && 'failed' in outcome) throw outcome.failed;
  return outcome;
}

async function writeBatch(db: Knex, events: ProgressValues[]): Promise<Outcome[]> {
  try {
    return await upsertProgressIfAllowed(db, events);
  } catch (error) {
    if (events.length === 1 || !concernsRows(error)) throw error;
    // One event's row may fail (its learner deleted meanwhile): each event then gets its own outcome.
    return Promise.all(
      events.map((event) =>
        upsertProgressIfAllowed(db, [event]).then(
          ([record]) => record,
          (failed: unknown) => ({ failed }),
        ),
      ),
    );
  }
}

/** Integrity violations (23…) and rolled-back transactions (40…): errors of some rows, not of the database. */
function concernsRows(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(23|40)[0-9A-Z]{3}$/.test(code);
}
