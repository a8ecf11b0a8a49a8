import { afterAll, describe, expect, it } from 'vitest';
import {
  completesClass,
  completesClassSql,
  COMPLETION_PERCENT,
  completionReason,
  completionReasonSql,
} from '../src/completion.ts';
import { PURCHASE_STATUSES } from '@sleep-ritual/contracts/purchases';
import {
  classOpensAtSql,
  classOpenSql,
  DEFAULT_LEARNER_TIME_ZONE,
  dripOpensAt,
  givesAccess,
  givesAccessSql,
  givesNoAccessSql,
  OWN,
  pathOpensAtSql,
  type PlanEvent,
  type PlanState,
  purchaseAfterPlanEvent,
} from '../src/purchase-access.ts';
import { createTestDeps } from '@sleep-ritual/platform/testing';

const deps = createTestDeps();
afterAll(() => deps.close());

describe('who may open what', () => {
  it('only a completed purchase gives access; pending, refunded and revoked ones do not', () => {
    expect(PURCHASE_STATUSES.filter((status) => givesAccess({ status }))).toEqual(['completed']);
  });

  it('a failed instalment keeps access until its grace ends, then not, in TypeScript and in SQL alike', async () => {
    const hour = 60 * 60 * 1000;
    const cases = PURCHASE_STATUSES.flatMap((status) => [null, 1, -1].map((hours) => ({ status, hours })));
    for (const { status, hours } of cases) {
      // The grace end is set relative to PostgreSQL's clock, which the SQL form compares it with.
      const { rows } = await deps.db.raw<{
        rows: { access: boolean; noAccess: boolean; graceEndsAt: Date | null }[];
      }>(
        `select ${givesAccessSql('p')} as access, ${givesNoAccessSql('p')} as "noAccess", p."graceEndsAt"
           from (select ?::text as status, now() + ?::int * interval '1 hour' as "graceEndsAt") p`,
        [status, hours],
      );
      const row = rows[0]!;
      const expected = status === 'completed' && (hours === null || hours > 0);
      const label = `${status}, grace ends ${hours === null ? 'never' : `in ${hours} h`}`;
      expect(row.access, label).toBe(expected);
      expect(row.noAccess, label).toBe(!expected);
      expect(givesAccess({ status, graceEndsAt: row.graceEndsAt }), label).toBe(expected);
    }
    const graceEndsAt = new Date('2026-11-10T12:00:00Z');
    expect(givesAccess({ status: 'completed', graceEndsAt }, new Date(graceEndsAt.getTime() - hour))).toBe(
      true,
    );
    expect(givesAccess({ status: 'completed', graceEndsAt }, graceEndsAt)).toBe(false);
  });
});

describe('the payment-plan policy', () => {
  const none: PlanState = {
    planStatus: null,
    paymentFailedAt: null,
    graceEndsAt: null,
    paymentEventAt: null,
    planEventAt: null,
  };
  const day = (n: number) => new Date(Date.UTC(2026, 10, n));
  const apply = (state: PlanState, name: PlanEvent['name'], on: number) =>
    purchaseAfterPlanEvent(state, { name, at: day(on) }, { graceDays: 7 }).plan;

  it('a failed instalment gives 7 days from its first failure; a retry failing again does not extend them', () => {
    const failed = apply(none, 'order.rebill_failed', 1);
    expect(failed).toMatchObject({ planStatus: 'active', paymentFailedAt: day(1), graceEndsAt: day(8) });
    expect(apply(failed, 'order.rebill_failed', 4)).toMatchObject({
      paymentFailedAt: day(1),
      graceEndsAt: day(8),
    });
  });

  it('a payment or a resumed plan ends the failure; a cancelled or paused plan does not', () => {
    const failed = apply(none, 'order.rebill_failed', 1);
    expect(apply(failed, 'order.subscription_payment', 10)).toMatchObject({
      paymentFailedAt: null,
      graceEndsAt: null,
    });
    expect(apply(failed, 'order.subscription_resumed', 10)).toMatchObject({
      planStatus: 'active',
      graceEndsAt: null,
    });
    expect(apply(failed, 'order.subscription_cancelled', 3)).toMatchObject({
      planStatus: 'cancelled',
      graceEndsAt: day(8),
    });
    expect(apply(failed, 'order.subscription_paused', 3)).toMatchObject({
      planStatus: 'paused',
      graceEndsAt: day(8),
    });
  });

  it('an event older than the newest one applied of its kind changes nothing', () => {
    const paid = apply(apply(none, 'order.rebill_failed', 1), 'order.subscription_payment', 3);
    expect(
      purchaseAfterPlanEvent(paid, { name: 'order.rebill_failed', at: day(1) }, { graceDays: 7 }).changed,
    ).toBe(false);
    const cancelled = apply(none, 'order.subscription_cancelled', 5);
    expect(apply(cancelled, 'order.subscription_paused', 4).planStatus).toBe('cancelled');
    // …but a late payment still counts, since payments and plan statuses are ordered apart.
    const failedThenCancelled = apply(
      apply(none, 'order.rebill_failed', 1),
      'order.subscription_cancelled',
      5,
    );
    expect(apply(failedThenCancelled, 'order.subscription_payment', 3)).toMatchObject({
      planStatus: 'cancelled',
      graceEndsAt: null,
    });
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

  it('says why: finished when played to the end or 90 %, else what was asked (asleep, marked), in TypeScript and SQL alike', async () => {
    const cases = [0, COMPLETION_PERCENT].flatMap((percentWatched) =>
      [undefined, 'asleep' as const, 'marked' as const].map((by) => ({ ended: false, percentWatched, by })),
    );
    for (const { by, ...watch } of cases) {
      const { rows } = await deps.db.raw<{ rows: { reason: string | null }[] }>(
        `select ${completionReasonSql({ ended: 'w.ended', percentWatched: 'w.percent' }, 'w.by')} as reason
           from (select ?::boolean as ended, ?::int as percent, ?::text as by) w`,
        [watch.ended, watch.percentWatched, by ?? null],
      );
      expect(rows[0]!.reason, JSON.stringify({ ...watch, by })).toBe(completionReason(watch, by));
    }
    expect(completionReason({ ended: false, percentWatched: 40 }, 'asleep')).toBe('asleep');
    expect(completionReason({ ended: true, percentWatched: 40 }, 'asleep')).toBe('finished');
    expect(completionReason({ ended: false, percentWatched: 40 })).toBeNull();
  });
});

describe("drip: a night opens at the start of the learner's local day N after the purchase day", () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;
  const now = new Date('2026-11-25T21:30:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  /** The fragments on one made-up class `c` in path `pa` and phase `ph`. */
  async function drip(row: {
    since: Date | null;
    zone?: string;
    at?: Date;
    classDays?: number;
    pathDays?: number;
    classUnlocked?: boolean;
    pathUnlocked?: boolean;
  }) {
    const { rows } = await deps.db.raw<{
      rows: { open: boolean; opensAt: Date | null; pathOpensAt: Date | null }[];
    }>(
      `select ${classOpenSql(OWN, 'own.now')} as open,
              ${classOpensAtSql(OWN, 'own.now')} as "opensAt",
              ${pathOpensAtSql(OWN, 'own.now')} as "pathOpensAt"
         from (select ?::boolean as "isUnlocked", ?::int as "opensAfterDays") c,
              (select ?::boolean as "isUnlocked", ?::int as "opensAfterDays") pa,
              (select true as "isUnlocked") ph,
              (select ?::timestamptz as since, ?::text as zone, ?::timestamptz as now) own`,
      [
        row.classUnlocked ?? true,
        row.classDays ?? 0,
        row.pathUnlocked ?? true,
        row.pathDays ?? 0,
        row.since,
        row.zone ?? DEFAULT_LEARNER_TIME_ZONE,
        row.at ?? now,
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

  it('a buyer who paid at 22:50 in their zone finds Night 2 open at 21:00 the next evening', async () => {
    const zone = 'America/New_York';
    const paid = new Date('2026-11-24T22:50:00-05:00');
    const nextEvening = new Date('2026-11-25T21:00:00-05:00');
    expect(await drip({ since: paid, zone, at: nextEvening, classDays: 1 })).toMatchObject({ open: true });
    // It opened at the start of their next day, not 24 hours after the purchase.
    const justBefore = new Date('2026-11-24T23:59:00-05:00');
    expect(await drip({ since: paid, zone, at: justBefore, classDays: 1 })).toEqual({
      open: false,
      opensAt: new Date('2026-11-25T00:00:00-05:00').getTime(),
      pathOpensAt: null,
    });
  });

  it('counts local days in TypeScript and in SQL alike, across a change of the clocks', async () => {
    const cases = [
      { zone: 'UTC', since: new Date('2026-11-24T23:59:00Z'), days: 1 },
      { zone: 'Europe/London', since: new Date('2026-03-28T22:50:00Z'), days: 1 },
      { zone: 'Europe/London', since: new Date('2026-10-24T23:30:00Z'), days: 2 },
      { zone: 'America/Los_Angeles', since: new Date('2026-03-08T05:00:00Z'), days: 3 },
      { zone: 'Asia/Kolkata', since: new Date('2026-11-24T18:40:00Z'), days: 5 },
    ];
    for (const { zone, since, days } of cases) {
      const expected = dripOpensAt(since, days, zone);
      const result = await drip({ since, zone, at: since, classDays: days });
      expect(result.opensAt, `${zone} ${since.toISOString()} +${days}`).toBe(expected.getTime());
      expect(await drip({ since, zone, at: expected, classDays: days })).toMatchObject({ open: true });
    }
    expect(dripOpensAt(new Date('2026-03-28T22:50:00Z'), 1, 'Europe/London').toISOString()).toBe(
      '2026-03-29T00:00:00.000Z',
    );
    // Without a zone of their own, a learner's days are UTC's.
    expect(dripOpensAt(new Date('2026-11-24T23:59:00Z'), 1).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });

  it("takes the longer of the class's and the path's days; they do not add up", async () => {
    const since = ago(2 * DAY);
    const threeDays = dripOpensAt(since, 3).getTime();
    expect(await drip({ since, classDays: 1, pathDays: 3 })).toEqual({
      open: false,
      opensAt: threeDays,
      pathOpensAt: threeDays,
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
