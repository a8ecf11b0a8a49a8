import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastActionBonus, ritualBonuses, ritualNights } from '@sleep-ritual/contracts/demo-programme';
import { createDb, ensureDatabase, type Knex } from '@sleep-ritual/platform/db';
import { TEST_DATABASE_URL } from '@sleep-ritual/platform/testing';
import { demoNightTracks, demoPauses } from '../src/demo-audio.ts';
import { seedDemo } from '../src/seed.ts';

// A database of its own, because the demo's rows have fixed ids and the first test empties the whole
// schema; named after the test database, so suites run side by side (other checkouts, other branches)
// never share it.
const url = new URL(TEST_DATABASE_URL);
url.pathname = `${url.pathname}_demo_seed`;
let db: Knex;

beforeAll(async () => {
  await ensureDatabase(url.toString());
  db = createDb(url.toString(), { min: 0, max: 2 });
});
afterAll(async () => {
  await db.destroy();
});

describe('demo seed', () => {
  it('loads the catalogue the product sells, and running it twice changes nothing', async () => {
    await db.migrate.rollback(undefined, true);
    await db.migrate.latest();
    await seedDemo(db);
    const counts = async () => ({
      programs: Number((await db('programs').count({ n: '*' }))[0]!.n),
      classes: Number((await db('classes').count({ n: '*' }))[0]!.n),
      purchases: Number((await db('purchases').count({ n: '*' }))[0]!.n),
    });
    const first = await counts();
    await seedDemo(db);
    expect(await counts()).toEqual(first);

    const programs = await db('programs')
      .whereIn('id', [1, 2, 3])
      .orderBy('id')
      .select('id', 'title', 'programType');
    expect(programs).toEqual([
      { id: 1, title: 'The 6-Night Sleep Meditation Ritual', programType: 'Full Program' },
      { id: 2, title: 'Deep Sleep SOS: The 3 a.m. Reset', programType: 'Add On' },
      { id: 3, title: 'The Full Transformation Program', programType: 'Full Program' },
    ]);
    const nights = await db('classes')
      .join('paths', 'paths.id', 'classes.pathId')
      .join('phases', 'phases.id', 'paths.phaseId')
      .where({ 'phases.programId': 1, 'phases.title': 'The Ritual' })
      .orderBy('classes.orderIndex')
      .select('classes.label', 'classes.durationMinutes', 'classes.vimeoVideoId', 'classes.audioUrl');
    expect(nights.map((night) => night.label)).toEqual([
      'Night 1',
      'Night 2',
      'Night 3',
      'Night 4',
      'Night 5',
      'Night 6',
    ]);
    for (const night of nights) {
      expect(night.durationMinutes).toBeGreaterThanOrEqual(15);
      expect(night.durationMinutes).toBeLessThanOrEqual(20);
      expect(night.vimeoVideoId).toMatch(/^https:\/\/vimeo\.com\/\d+$/);
    }
    expect(nights.map((night) => night.audioUrl)).toEqual(
      nights.map((_, index) => `/media/demo/night-${index + 1}.wav`),
    );
    const owned = await db('purchases')
      .join('users', 'users.id', 'purchases.userId')
      .where('users.email', 'demo@sleepritual.example')
      .select('purchases.programId', 'purchases.status');
    expect(owned).toEqual([{ programId: 1, status: 'completed' }]);
  });

  /** Programme 1's classes by phase title, in order, with what learners see of them. */
  const programOneClasses = (phaseTitle: string) =>
    db('classes')
      .join('paths', 'paths.id', 'classes.pathId')
      .join('phases', 'phases.id', 'paths.phaseId')
      .where({ 'phases.programId': 1, 'phases.title': phaseTitle })
      .whereNull('phases.deletedAt')
      .orderBy([{ column: 'paths.orderIndex' }, { column: 'classes.orderIndex' }])
      .select(
        'classes.label',
        'classes.title',
        'classes.description',
        'classes.durationMinutes',
        'classes.vimeoVideoId',
        'classes.additionalContentUrl',
        'classes.isUnlocked',
        'classes.audioUrl',
        'classes.audioQuietSpans',
      );

  it('seeds the six nights exactly as the sales pages list them, and the three bonuses after them', async () => {
    const nights = await programOneClasses('The Ritual');
    expect(
      nights.map(({ label, title, description, durationMinutes }) => ({
        label,
        title,
        description,
        durationMinutes,
      })),
    ).toEqual(ritualNights);

    const bonuses = await programOneClasses('Your Bonuses');
    expect(bonuses.map((bonus) => [bonus.label, bonus.title])).toEqual(
      ritualBonuses.map((bonus) => [bonus.label, bonus.title]),
    );
    for (const bonus of bonuses) {
      expect(bonus.isUnlocked).toBe(true);
      // Each bonus plays or opens something: a video, or its written guide.
      expect(bonus.vimeoVideoId ?? bonus.additionalContentUrl).toBeTruthy();
    }
    expect(bonuses[1]!.additionalContentUrl).toBe('/guides/sleep-sanctuary-checklist');
    // The bonuses sold as something to listen to play in listen mode too.
    expect(bonuses.map((bonus) => bonus.audioUrl)).toEqual([
      '/media/demo/bonus-1.wav',
      null,
      '/media/demo/bonus-3.wav',
    ]);
    // And the fast-action bonus the sales page promises for joining within the hour.
    const [reset, ...more] = await programOneClasses('Your Fast-Action Bonus');
    expect(more).toEqual([]);
    expect(reset).toMatchObject({
      label: fastActionBonus.label,
      title: fastActionBonus.title,
      durationMinutes: 10,
      isUnlocked: true,
      audioUrl: '/media/demo/fast-action-bonus.wav',
    });
    const phases = await db('phases').where({ programId: 1 }).orderBy('orderIndex').pluck('title');
    expect(phases).toEqual(['The Ritual', 'Your Bonuses', 'Your Fast-Action Bonus']);
  });

  it("gives the nights of a database seeded before the audio existed their tracks once, keeping admins' edits", async () => {
    const nightIds = async () =>
      db('classes')
        .join('paths', 'paths.id', 'classes.pathId')
        .join('phases', 'phases.id', 'paths.phaseId')
        .where({ 'phases.programId': 1, 'phases.title': 'The Ritual' })
        .orderBy('classes.orderIndex')
        .pluck('classes.id');
    const [first, second, ...rest] = await nightIds();
    await db('classes')
      .whereIn('id', [first, second, ...rest])
      .update({ audioUrl: null });
    // An admin edited night 2 since (its updatedAt moved on).
    await db('classes')
      .where({ id: second })
      .update({ description: 'Edited', updatedAt: db.raw(`"updatedAt" + interval '1 minute'`) });

    await seedDemo(db);
    const audio = async () =>
      db('classes')
        .whereIn('id', [first, second, ...rest])
        .orderBy('orderIndex')
        .pluck('audioUrl');
    expect(await audio()).toEqual([
      '/media/demo/night-1.wav',
      null,
      ...rest.map((_, index) => `/media/demo/night-${index + 3}.wav`),
    ]);
    await seedDemo(db);
    expect((await audio())[1]).toBeNull();
  });

  it("finds each night's quiet spans in its generated track: the 5 s pause at every whole minute", async () => {
    const nights = await programOneClasses('The Ritual');
    for (const [index, night] of nights.entries()) {
      const pauses = demoPauses(demoNightTracks[index]!);
      const spans = night.audioQuietSpans as [number, number][];
      expect(spans).toHaveLength(pauses.length);
      for (const [at, [start, end]] of spans.entries()) {
        expect(start).toBeGreaterThanOrEqual(pauses[at]![0]);
        expect(end).toBeLessThanOrEqual(pauses[at]![1]);
      }
    }
  });

  it('gives the programmes display orders from 1, as the admin form requires', async () => {
    expect(await db('programs').whereIn('id', [1, 2, 3]).orderBy('id').pluck('orderIndex')).toEqual([
      1, 2, 3,
    ]);
  });

  it("sends a learner who unlocks a programme to that programme's own sale, never the ritual's again", async () => {
    expect(await db('programs').whereIn('id', [1, 2, 3]).orderBy('id').pluck('redirectUrl')).toEqual([
      '/join-now',
      'https://sleepritual.thrivecart.com/deep-sleep-sos/',
      '/upgrade',
    ]);
  });

  it('adds the bonuses to a programme seeded before them once, keeping admin edits and deletions', async () => {
    await db('phases').where({ programId: 1, title: 'Your Fast-Action Bonus' }).delete();
    await db('phases').where({ programId: 1, title: 'Your Bonuses' }).delete();
    await db('classes').where({ title: ritualNights[0]!.title }).update({ title: 'Renamed by an admin' });
    await seedDemo(db);
    expect(await programOneClasses('Your Bonuses')).toHaveLength(3);
    expect(await programOneClasses('Your Fast-Action Bonus')).toHaveLength(1);
    expect(await db('classes').where({ title: 'Renamed by an admin' })).toHaveLength(1);

    await seedDemo(db);
    expect(await db('phases').where({ programId: 1, title: 'Your Bonuses' })).toHaveLength(1);

    await db('phases').where({ programId: 1, title: 'Your Bonuses' }).update({ deletedAt: db.fn.now() });
    await seedDemo(db);
    expect(await db('phases').where({ programId: 1, title: 'Your Bonuses' })).toHaveLength(1);
  });
});
