import { afterAll, describe, expect, it } from 'vitest';
import { completesClass, completesClassSql, COMPLETION_PERCENT } from '../src/completion.ts';
import { PURCHASE_STATUSES } from '@sleep-ritual/contracts/purchases';
import { givesAccess, givesAccessSql, givesNoAccessSql } from '../src/purchase-access.ts';
import { createTestDeps } from '../src/testing.ts';

const deps = createTestDeps();
afterAll(() => deps.close());

describe('who may open what', () => {
  it('only a completed purchase gives access; pending, refunded and revoked ones do not', () => {
    expect(PURCHASE_STATUSES.filter(givesAccess)).toEqual(['completed']);
  });

  it('the SQL conditions say the same as givesAccess for every status', async () => {
    for (const status of PURCHASE_STATUSES) {
      const { rows } = await deps.db.raw<{ rows: { access: boolean; noAccess: boolean }[] }>(
        `select ${givesAccessSql('p')} as access, ${givesNoAccessSql('p')} as "noAccess"
           from (select ?::text as status) p`,
        [status],
      );
      expect(rows[0], status).toEqual({ access: givesAccess(status), noAccess: !givesAccess(status) });
    }
  });
});

describe('completing a class', () => {
  it(`completes at ${COMPLETION_PERCENT}% watched or when the watch ended, in TypeScript and in SQL alike`, async () => {
    const cases = [0, 1, COMPLETION_PERCENT - 1, COMPLETION_PERCENT, 100].flatMap((percentWatched) => [
      { ended: false, percentWatched },
      { ended: true, percentWatched },
    ]);
    for (const watch of cases) {
      const { rows } = await deps.db.raw<{ rows: { completed: boolean }[] }>(
        `select ${completesClassSql({ ended: 'w.ended', percentWatched: 'w.percent' })} as completed
           from (select ?::boolean as ended, ?::int as percent) w`,
        [watch.ended, watch.percentWatched],
      );
      expect(rows[0]!.completed, JSON.stringify(watch)).toBe(completesClass(watch));
    }
    expect(completesClass({ ended: false, percentWatched: COMPLETION_PERCENT - 1 })).toBe(false);
    expect(completesClass({ ended: false, percentWatched: COMPLETION_PERCENT })).toBe(true);
  });
});
