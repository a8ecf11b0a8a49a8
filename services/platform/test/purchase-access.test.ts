import { afterAll, describe, expect, it } from 'vitest';
import { completesClass, completesClassSql, COMPLETION_PERCENT } from '../src/completion.ts';
import { PURCHASE_STATUSES } from '@sleep-ritual/contracts/purchases';
import {
  classOpensAtSql,
  classOpenSql,
  givesAccess,
  givesAccessSql,
  givesNoAccessSql,
  pathOpensAtSql,
} from '../src/purchase-access.ts';
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

describe('drip: a class opens some days after the first purchase that gives access', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date('2026-11-25T21:30:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  /** The fragments on one made-up class `c` in path `pa` and phase `ph`. */
  async function drip(row: {
    since: Date | null;
    classDays?: number;
    pathDays?: number;
    classUnlocked?: boolean;
    pathUnlocked?: boolean;
  }) {
    const { rows } = await deps.db.raw<{
      rows: { open: boolean; opensAt: Date | null; pathOpensAt: Date | null }[];
    }>(
      `select ${classOpenSql('own.since', 'own.now')} as open,
              ${classOpensAtSql('own.since', 'own.now')} as "opensAt",
              ${pathOpensAtSql('own.since', 'own.now')} as "pathOpensAt"
         from (select ?::boolean as "isUnlocked", ?::int as "opensAfterDays") c,
              (select ?::boolean as "isUnlocked", ?::int as "opensAfterDays") pa,
              (select true as "isUnlocked") ph,
              (select ?::timestamptz as since, ?::timestamptz as now) own`,
      [
        row.classUnlocked ?? true,
        row.classDays ?? 0,
        row.pathUnlocked ?? true,
        row.pathDays ?? 0,
        row.since,
        now,
      ],
    );
    const [result] = rows;
    return {
      open: result!.open,
      opensAt: result!.opensAt?.getTime() ?? null,
      pathOpensAt: result!.pathOpensAt?.getTime() ?? null,
    };
  }

  it('opens at once with no days, and never for a learner who does not own the programme', async () => {
    expect(await drip({ since: now })).toEqual({ open: true, opensAt: null, pathOpensAt: null });
    expect(await drip({ since: null })).toEqual({ open: false, opensAt: null, pathOpensAt: null });
  });

  it('waits whole days of 24 hours from the purchase, and opens on the dot', async () => {
    const since = ago(DAY - 60_000);
    expect(await drip({ since, classDays: 1 })).toEqual({
      open: false,
      opensAt: since.getTime() + DAY,
      pathOpensAt: null,
    });
    expect(await drip({ since: ago(DAY), classDays: 1 })).toMatchObject({ open: true, opensAt: null });
  });

  it("takes the longer of the class's and the path's days; they do not add up", async () => {
    const since = ago(2 * DAY);
    expect(await drip({ since, classDays: 1, pathDays: 3 })).toEqual({
      open: false,
      opensAt: since.getTime() + 3 * DAY,
      pathOpensAt: since.getTime() + 3 * DAY,
    });
    expect(await drip({ since, classDays: 2, pathDays: 1 })).toEqual({
      open: true,
      opensAt: null,
      pathOpensAt: null,
    });
  });

  it('a class locked by hand is closed with no date, whatever the days', async () => {
    expect(await drip({ since: ago(10 * DAY), classUnlocked: false })).toEqual({
      open: false,
      opensAt: null,
      pathOpensAt: null,
    });
    expect(await drip({ since: now, classDays: 1, pathUnlocked: false })).toEqual({
      open: false,
      opensAt: null,
      pathOpensAt: null,
    });
  });
});
