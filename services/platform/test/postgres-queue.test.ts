import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresQueueBackend, queueSchema } from '../src/queue-backend.ts';
import { TEST_DATABASE_URL } from '../src/testing.ts';

// BullMQ's PostgreSQL backend (the PostgreSQL-only mode), whichever store the other suites run on.
const namespace = `retention-${randomUUID()}`;
const schema = queueSchema(namespace);
const backend = postgresQueueBackend(TEST_DATABASE_URL, namespace);
const client = new pg.Client({ connectionString: TEST_DATABASE_URL });

beforeAll(async () => {
  await client.connect();
});
afterAll(async () => {
  await backend.obliterate();
  await backend.close();
  await client.end();
});

/** The rows of the job table PostgreSQL has read so far, whole or through an index, as its statistics say. */
async function jobRowsRead(): Promise<number> {
  await client.query('select pg_stat_force_next_flush()');
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ read: string }>(
    `select seq_tup_read + coalesce(idx_tup_fetch, 0) as read from pg_stat_user_tables
     where schemaname = $1 and relname = 'job'`,
    [schema],
  );
  return Number(rows[0]!.read);
}

/** Adds `count` jobs to the queue `kept`, finished a day ago (the first, if `oneOld`, a month and a day ago). */
async function finishedJobs(count: number, now: number, { oneOld = false } = {}): Promise<string[]> {
  const queue = backend.queue<{ n: number }>('kept', { defaultJobOptions: { removeOnComplete: false } });
  const jobs = await queue.addBulk(Array.from({ length: count }, (_, n) => ({ name: 'job', data: { n } })));
  await queue.close();
  const ids = jobs.map((job) => job.id!);
  await client.query(
    `update "${schema}".job set state = 'completed',
       finished_at_ms = $1 - case when $3 and id = $2[1] then 31 else 1 end * 86400000::bigint
     where queue = 'kept' and id = any($2)`,
    [now, ids, oneOld],
  );
  return ids;
}

/** What each completion runs (in BullMQ's move_to_completed), `times` over in one connection, as a worker's pooled connection does. */
async function retention(times: number, now: number, id: string): Promise<void> {
  for (let completion = 0; completion < times; completion += 1) {
    await client.query(`select "${schema}".apply_retention('kept', $1, 'completed', $2, false, $3, null)`, [
      id,
      now,
      30 * 86_400,
    ]);
  }
}

describe("the PostgreSQL queue store's retention of finished jobs", () => {
  it('reads only the jobs a completion removes, not every job kept, as the queue grows on launch night', async () => {
    // Two processes start at once, then a third later: each sets up the schema.
    await Promise.all([backend.ready(), postgresQueueBackend(TEST_DATABASE_URL, namespace).ready()]);
    await postgresQueueBackend(TEST_DATABASE_URL, namespace).ready();
    const { rows: settings } = await client.query(
      `select proconfig from pg_proc where proname = 'apply_retention' and pronamespace = $1::regnamespace`,
      [schema],
    );
    expect(settings).toHaveLength(1);
    expect(settings[0].proconfig).toContain('plan_cache_mode=force_custom_plan');
    // No statistics gathered in between, which would have PostgreSQL plan the statement again.
    await client.query(`alter table "${schema}".job set (autovacuum_enabled = off)`);
    const now = Date.now();

    // Launch night on a new install: the first completions find a few finished jobs...
    const [first] = await finishedJobs(10, now);
    await retention(8, now, first!);
    // ...and the burst adds thousands, one of them finished over a month ago.
    await finishedJobs(3_000, now, { oneOld: true });
    const before = await jobRowsRead();
    await retention(12, now, first!);
    // Twelve completions read the old job they remove, not the 3,009 jobs kept.
    expect((await jobRowsRead()) - before).toBeLessThan(100);
    // The month-old job went, the others stayed.
    const { rows } = await client.query(
      `select count(*)::int as kept from "${schema}".job where queue = 'kept'`,
    );
    expect(rows[0].kept).toBe(3_009);
  });
});
