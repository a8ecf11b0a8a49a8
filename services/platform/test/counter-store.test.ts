import { afterAll, describe, expect, it } from 'vitest';
import { postgresCounterStore } from '../src/counter-store.ts';
import { createTestDeps } from '../src/testing.ts';

// The PostgreSQL store on the real test database, whatever TEST_BACKEND says: its table's key column is
// varchar(300), while a key holds what a caller names (an e-mail of up to 255 characters and an address).

const deps = createTestDeps();
afterAll(() => deps.close());
const counters = postgresCounterStore(deps.db);

let counter = 0;
const uniquePrefix = () => {
  counter += 1;
  return `rate:counter-store-test:${process.pid}-${Date.now()}-${counter}`;
};
const window = (key: string, limit = 2) => ({ key, limit, windowSeconds: 60 });

describe('the PostgreSQL counter store', () => {
  it('counts keys longer than its key column, each apart from another that starts alike', async () => {
    const start = `${uniquePrefix()}:${'x'.repeat(300)}`;
    const [one, other] = [`${start}|2001:db8:1:1::/64`, `${start}|2001:db8:1:2::/64`];

    expect(await counters.take([window(one), window(other)])).toEqual({ full: 0, retryAfterSeconds: 0 });
    expect(await counters.take([window(one)])).toEqual({ full: 0, retryAfterSeconds: 0 });
    const full = await counters.take([window(other), window(one)]);
    expect(full.full).toBe(2);
    expect(full.retryAfterSeconds).toBeGreaterThan(0);
    expect((await counters.peek(one)).count).toBe(2);
    expect((await counters.peek(other)).count).toBe(1);

    await counters.giveBack([one]);
    expect((await counters.peek(one)).count).toBe(1);
    await counters.clear(other);
    expect((await counters.peek(other)).count).toBe(0);
  });

  it('keeps a short key as it is, so the table stays readable', async () => {
    const key = `${uniquePrefix()}:learner@test.example|192.0.2.1`;
    await counters.take([window(key)]);
    expect(await deps.db('rate_counters').where({ key }).first('count')).toEqual({ count: 1 });
  });
});
