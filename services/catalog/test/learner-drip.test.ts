import { describe, expect, it } from 'vitest';
import {
  learnerAccessMessages,
  pathClassListSchema,
  pathDetailsSchema,
  programHierarchySchema,
  tonightListSchema,
} from '@sleep-ritual/contracts/catalog';
import { dripOpensAt } from '@sleep-ritual/learning/purchase-access';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import {
  createClass,
  createLearner,
  createPath,
  createPhase,
  createProgram,
  grant,
} from '@sleep-ritual/learning/testing-catalog';
import { useService } from '@sleep-ritual/platform/testing-service';
import { createApp } from '../src/app.ts';

const service = useService(createApp);
const deps = service.deps;
const DAY_MS = 24 * 60 * 60 * 1000;
/** When something `days` after a purchase at `bought` opens, for a learner with no zone of their own (UTC). */
const opens = (bought: number, days: number) => dripOpensAt(new Date(bought), days).getTime();

/** A programme whose one path holds three nights: open at once, after 1 day, after 3 days. */
async function dripRitual(pathDays = 0) {
  const programId = await createProgram(deps.db);
  const phaseId = await createPhase(deps.db, programId);
  const pathId = await createPath(deps.db, phaseId, { isUnlocked: true, opensAfterDays: pathDays });
  const nights: number[] = [];
  for (const [index, days] of [0, 1, 3].entries()) {
    nights.push(
      await createClass(deps.db, pathId, {
        orderIndex: index,
        label: `Night ${index + 1}`,
        isUnlocked: true,
        opensAfterDays: days,
      }),
    );
  }
  return { programId, phaseId, pathId, nights };
}

/** A learner who bought the programme `ago` milliseconds before now. */
async function buyer(programId: number, ago = 0) {
  const userId = await createLearner(deps.db);
  await grant(deps.db, userId, programId);
  await setPurchasedAgo(userId, ago);
  return Object.assign(await clientWithSession(service.url, deps, { userId }), { userId });
}

async function setPurchasedAgo(userId: number, ago: number) {
  await deps
    .db('purchases')
    .where({ userId })
    .update({ purchasedAt: deps.db.raw(`now() - make_interval(secs => ?)`, [ago / 1000]) });
}

async function purchasedAt(userId: number): Promise<number> {
  const row = await deps.db('purchases').where({ userId }).first('purchasedAt');
  return (row.purchasedAt as Date).getTime();
}

type Client = Awaited<ReturnType<typeof buyer>>;
const classes = async (client: Client, pathId: number) =>
  pathClassListSchema.parse(await (await client.request(`/api/paths/${pathId}/classes`)).json());
const details = (client: Client, classId: number) => client.request(`/api/classes/${classId}/details`);

describe('drip: classes that open some days after the purchase', () => {
  it('lists a class whose day has not come as not open, with when it opens, and refuses its details with 403', async () => {
    const course = await dripRitual();
    const client = await buyer(course.programId);
    const bought = await purchasedAt(client.userId);

    const listed = await classes(client, course.pathId);
    expect(listed.map((item) => item.isUnlocked)).toEqual([true, false, false]);
    expect(listed[0]!.opensAt).toBeNull();
    expect(new Date(listed[1]!.opensAt!).getTime()).toBe(opens(bought, 1));
    expect(new Date(listed[2]!.opensAt!).getTime()).toBe(opens(bought, 3));

    expect((await details(client, course.nights[0]!)).status).toBe(200);
    const refused = await details(client, course.nights[1]!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: learnerAccessMessages.notYetOpen });
  });

  it('opens the class once the days since the purchase have passed', async () => {
    const course = await dripRitual();
    const client = await buyer(course.programId, DAY_MS + 60_000);
    const listed = await classes(client, course.pathId);
    expect(listed.map((item) => [item.isUnlocked, item.opensAt === null])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
    expect((await details(client, course.nights[1]!)).status).toBe(200);
    expect((await details(client, course.nights[2]!)).status).toBe(403);
  });

  it("counts from the learner's earliest purchase that still gives access", async () => {
    const course = await dripRitual();
    const client = await buyer(course.programId);
    // An older purchase that was refunded gives nothing; an older live one counts.
    await deps.db('purchases').insert({
      userId: client.userId,
      programId: course.programId,
      status: 'refunded',
      thriveOrderId: `T-old-refunded-${client.userId}`,
      purchasedAt: deps.db.raw(`now() - interval '10 days'`),
    });
    expect((await details(client, course.nights[1]!)).status).toBe(403);
    await deps.db('purchases').insert({
      userId: client.userId,
      programId: course.programId,
      status: 'completed',
      thriveOrderId: `T-old-live-${client.userId}`,
      purchasedAt: deps.db.raw(`now() - interval '2 days'`),
    });
    expect((await details(client, course.nights[1]!)).status).toBe(200);
    expect((await details(client, course.nights[2]!)).status).toBe(403);
  });

  it("a path's days hold back the path and every class in it; a class waits for the longer of the two", async () => {
    const course = await dripRitual(2);
    const client = await buyer(course.programId);
    const bought = await purchasedAt(client.userId);
    const hierarchy = programHierarchySchema.parse(
      await (await client.request(`/api/programs/${course.programId}/hierarchy`)).json(),
    );
    const path = hierarchy.phases[0]!.paths[0]!;
    expect(path.isUnlocked).toBe(false);
    expect(new Date(path.opensAt!).getTime()).toBe(opens(bought, 2));

    const listed = await classes(client, course.pathId);
    expect(listed.map((item) => new Date(item.opensAt!).getTime())).toEqual([
      opens(bought, 2),
      opens(bought, 2),
      opens(bought, 3),
    ]);
    const pathDetails = pathDetailsSchema.parse(
      await (await client.request(`/api/paths/${course.pathId}/details`)).json(),
    );
    expect(pathDetails.isUnlocked).toBe(false);
    expect(pathDetails.nextClassId).toBeNull();

    await setPurchasedAgo(client.userId, 2 * DAY_MS + 60_000);
    const later = programHierarchySchema.parse(
      await (await client.request(`/api/programs/${course.programId}/hierarchy`)).json(),
    );
    expect(later.phases[0]!.paths[0]).toMatchObject({ isUnlocked: true, opensAt: null });
    expect((await classes(client, course.pathId)).map((item) => item.isUnlocked)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('a class locked by hand stays locked, with no date, whatever the days', async () => {
    const course = await dripRitual();
    await deps.db('classes').where({ id: course.nights[1] }).update({ isUnlocked: false });
    const client = await buyer(course.programId, 5 * DAY_MS);
    const listed = await classes(client, course.pathId);
    expect(listed[1]).toMatchObject({ isUnlocked: false, opensAt: null });
    const refused = await details(client, course.nights[1]!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: learnerAccessMessages.locked });
  });

  it('"Tonight" names the next night with when it opens once every open night is done, and plays it when it opens', async () => {
    const course = await dripRitual();
    const client = await buyer(course.programId);
    const tonight = async () =>
      tonightListSchema.parse(await (await client.request('/api/my-programs/tonight')).json());
    expect((await tonight())[0]).toMatchObject({ classId: course.nights[0], opensAt: null, repeat: false });

    await deps
      .db('user_progress')
      .insert({ userId: client.userId, classId: course.nights[0], percentWatched: 100, completed: true });
    const [waiting] = await tonight();
    expect(waiting).toMatchObject({ classId: course.nights[1], label: 'Night 2', repeat: false });
    expect(new Date(waiting!.opensAt!).getTime()).toBe(opens(await purchasedAt(client.userId), 1));
    expect(waiting).toMatchObject({ completedCount: 1, classCount: 3 });

    await setPurchasedAgo(client.userId, DAY_MS + 60_000);
    expect((await tonight())[0]).toMatchObject({ classId: course.nights[1], opensAt: null });
  });

  it('a programme with no drip days keeps every class open from the first minute', async () => {
    const course = await dripRitual();
    await deps.db('classes').whereIn('id', course.nights).update({ opensAfterDays: 0 });
    const client = await buyer(course.programId);
    expect((await classes(client, course.pathId)).every((item) => item.isUnlocked && !item.opensAt)).toBe(
      true,
    );
  });

  it('"Tonight" waits for the next night in the programme\'s order, never jumping to an open bonus path, and offers the open nights again', async () => {
    const course = await dripRitual();
    const bonusPath = await createPath(deps.db, course.phaseId, { isUnlocked: true, orderIndex: 5 });
    await createClass(deps.db, bonusPath, { orderIndex: 0, label: 'Bonus 1', isUnlocked: true });
    const client = await buyer(course.programId);
    await deps
      .db('user_progress')
      .insert({ userId: client.userId, classId: course.nights[0], percentWatched: 100, completed: true });
    const [waiting] = tonightListSchema.parse(
      await (await client.request('/api/my-programs/tonight')).json(),
    );
    expect(waiting).toMatchObject({ classId: course.nights[1], label: 'Night 2', pathId: course.pathId });
    expect(waiting!.opensAt).not.toBeNull();
    expect(waiting!.listenAgain).toEqual([
      { classId: course.nights[0], label: 'Night 1', title: expect.any(String) },
    ]);
  });

  it("counts the days in the learner's own zone, as their bedtime reminder setting holds it", async () => {
    const course = await dripRitual();
    const client = await buyer(course.programId);
    // Bought at 22:50 on their clock, yesterday: Night 2 opened at their midnight, less than 24 hours ago.
    const zone = 'Pacific/Kiritimati';
    const [{ paid }] = (
      await deps.db.raw<{ rows: { paid: Date }[] }>(
        `select (((now() at time zone ?)::date - 1) + time '22:50') at time zone ? as paid`,
        [zone, zone],
      )
    ).rows as [{ paid: Date }];
    await deps.db('purchases').where({ userId: client.userId }).update({ purchasedAt: paid });
    await deps.db('bedtime_reminders').insert({
      userId: client.userId,
      enabled: false,
      localTime: '21:30',
      timeZone: zone,
    });
    const listed = await classes(client, course.pathId);
    expect(listed[1]).toMatchObject({ isUnlocked: true, opensAt: null });
    expect(new Date(listed[2]!.opensAt!).getTime()).toBe(dripOpensAt(paid, 3, zone).getTime());
    expect((await details(client, course.nights[1]!)).status).toBe(200);
  });

  it('a night of a refunded programme says the access ended, not that it was never bought', async () => {
    const course = await dripRitual();
    const client = await buyer(course.programId, 5 * DAY_MS);
    await deps.db('purchases').where({ userId: client.userId }).update({ status: 'refunded' });
    const refused = await details(client, course.nights[0]!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: learnerAccessMessages.accessEnded });
    const stranger = await buyer(await createProgram(deps.db));
    const notBought = await details(stranger, course.nights[0]!);
    expect(await notBought.json()).toEqual({ error: learnerAccessMessages.notOwned });
  });
});
