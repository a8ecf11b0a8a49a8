import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '@sleep-ritual/learning/local-time';
import { sweepDueReminders } from '../src/domain/reminders.ts';
import { linkIn } from '../src/outbox.ts';
import { startReminderBench } from '../src/testing-reminders.ts';

/**
 * Bedtime reminders with a fake clock: two worker processes' consumers on a database of this file's
 * own, e-mails through nodemailer into the outbox. The clock starts on Friday 6 March 2026, two days
 * before daylight saving time begins in New York (Sunday 8 March, 02:00 → 03:00).
 */

const MINUTE = 60_000;
let bench: Awaited<ReturnType<typeof startReminderBench>>;

beforeAll(async () => {
  bench = await startReminderBench('reminders_worker', new Date('2026-03-06T17:00:00Z'));
});
afterAll(async () => {
  await bench.dispose();
});

const reminderRow = (userId: number) =>
  bench.deps.db('bedtime_reminders').where({ userId }).first('enabled', 'nextSendAt');
const complete = (userId: number, classId: number) =>
  bench.deps.db('user_progress').insert({ userId, classId, percentWatched: 100, completed: true });

describe('bedtime reminders', () => {
  it('arrive at the chosen local time every night across the change to daylight saving time, naming the next night', async () => {
    const learner = await bench.learner({ localTime: '21:30', timeZone: 'America/New_York', nights: 3 });
    // 21:30 in New York: 02:30 UTC while on standard time, 01:30 UTC once daylight saving time began.
    const nights = [
      new Date('2026-03-07T02:30:00Z'), // Friday 6 March, EST
      new Date('2026-03-08T02:30:00Z'), // Saturday 7 March, EST
      new Date('2026-03-09T01:30:00Z'), // Sunday 8 March, EDT
      new Date('2026-03-10T01:30:00Z'), // Monday 9 March, EDT
    ];

    for (const [index, dueAt] of nights.slice(0, 3).entries()) {
      expect((await reminderRow(learner.userId))!.nextSendAt).toEqual(dueAt);
      await bench.sweepAt(new Date(dueAt.getTime() - MINUTE));
      expect(await bench.mailsTo(learner.email)).toHaveLength(index);

      await bench.sweepAt(dueAt);
      const mails = await bench.mailsTo(learner.email);
      expect(mails).toHaveLength(index + 1);
      const mail = mails.at(-1)!;
      expect(mail.subject).toBe(`Tonight: Night ${index + 1} – Title ${index + 1}`);
      expect(mail.text).toContain(
        `Tonight's track is Night ${index + 1} – Title ${index + 1} (${15 + index} minutes).`,
      );
      expect(linkIn(mail, '/program/')?.pathname).toBe(
        `/program/${learner.programId}/path/${learner.pathId}/class/${learner.classIds[index]}`,
      );
      expect(mail.headers?.['List-Unsubscribe']).toMatch(
        /^<http:\/\/localhost:8080\/api\/account\/reminder\/unsubscribe\?token=\d+\.[\w-]+>$/,
      );
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect((await reminderRow(learner.userId))!.nextSendAt).toEqual(nights[index + 1]);

      await complete(learner.userId, learner.classIds[index]!);
      // Between two nights the workers restart (a deploy): the schedule lives in the database.
      if (index === 1) await bench.restart();
    }

    // Every night completed: the fourth evening sends nothing, and nothing more is scheduled.
    await bench.sweepAt(nights[3]!);
    expect(await bench.mailsTo(learner.email)).toHaveLength(3);
    expect(await reminderRow(learner.userId)).toEqual({ enabled: true, nextSendAt: null });
  });

  it('after a night the learner fell asleep to (the sleep timer ended it), the reminder names the next night', async () => {
    const learner = await bench.learner({ localTime: '21:30', timeZone: 'Europe/London', nights: 3 });
    await bench.deps.db('user_progress').insert({
      userId: learner.userId,
      classId: learner.classIds[0],
      maxPositionSec: 540,
      percentWatched: 60,
      completed: true,
      completionReason: 'asleep',
    });
    const dueAt = (await reminderRow(learner.userId))!.nextSendAt as Date;
    await bench.sweepAt(dueAt);
    const [mail] = await bench.mailsTo(learner.email);
    expect(mail!.subject).toBe('Tonight: Night 2 – Title 2');
  });

  it('two workers sweeping and sending at once send each learner one reminder a night, even when a job comes twice', async () => {
    const learners = await Promise.all(
      Array.from({ length: 8 }, () => bench.learner({ localTime: '22:00', timeZone: 'Europe/Berlin' })),
    );
    const firstNight = (await reminderRow(learners[0]!.userId))!.nextSendAt as Date;
    // Both workers' sweeps, plus two more run straight from each process's own connections.
    const [one, two] = bench.processes;
    await Promise.all([
      bench.sweepAt(firstNight),
      sweepDueReminders({ db: one!.db, emails: bench.emails }, firstNight),
      sweepDueReminders({ db: two!.db, emails: bench.emails }, firstNight),
    ]);
    // The same night's job delivered again under another id (as after a lost commit and a re-run).
    const localDate = localDateOf(firstNight, 'Europe/Berlin');
    await bench.emails.addBulk(
      learners.map((learner) => ({
        name: 'bedtime-reminder',
        data: {
          template: 'bedtime-reminder' as const,
          userId: learner.userId,
          localDate,
          dueAt: firstNight.toISOString(),
        },
      })),
    );
    await bench.settle();
    for (const learner of learners) expect(await bench.mailsTo(learner.email)).toHaveLength(1);

    const secondNight = (await reminderRow(learners[0]!.userId))!.nextSendAt as Date;
    expect(secondNight.getTime() - firstNight.getTime()).toBe(24 * 60 * MINUTE);
    await bench.sweepAt(secondNight);
    for (const learner of learners) {
      const mails = await bench.mailsTo(learner.email);
      expect(mails.map((mail) => mail.subject)).toEqual([
        'Tonight: Night 1 – Title 1',
        'Tonight: Night 1 – Title 1',
      ]);
    }
    const sends = await bench.deps
      .db('bedtime_reminder_sends')
      .whereIn(
        'userId',
        learners.map((learner) => learner.userId),
      )
      .count<{ count: string }[]>({ count: '*' });
    expect(Number(sends[0]!.count)).toBe(16);
  });

  it('stop when the learner turns them off, and stop being scheduled once access is revoked', async () => {
    const off = await bench.learner({ localTime: '21:00', timeZone: 'Asia/Kolkata' });
    const revoked = await bench.learner({ localTime: '21:00', timeZone: 'Asia/Kolkata' });
    const dueAt = (await reminderRow(off.userId))!.nextSendAt as Date;
    await bench.deps.db('bedtime_reminders').where({ userId: off.userId }).update({ enabled: false });
    await bench.deps.db('purchases').where({ userId: revoked.userId }).update({ status: 'revoked' });
    await bench.sweepAt(dueAt);
    expect(await bench.mailsTo(off.email)).toEqual([]);
    expect(await bench.mailsTo(revoked.email)).toEqual([]);
    expect(await reminderRow(revoked.userId)).toEqual({ enabled: true, nextSendAt: null });
  });

  it('skip a night found hours late (the workers were down) and carry on the next night', async () => {
    const learner = await bench.learner({ localTime: '20:45', timeZone: 'Australia/Sydney' });
    const dueAt = (await reminderRow(learner.userId))!.nextSendAt as Date;
    await bench.sweepAt(new Date(dueAt.getTime() + 3 * 60 * MINUTE));
    expect(await bench.mailsTo(learner.email)).toEqual([]);
    const next = (await reminderRow(learner.userId))!.nextSendAt as Date;
    expect(next.getTime()).toBe(dueAt.getTime() + 24 * 60 * MINUTE);
    await bench.sweepAt(next);
    expect(await bench.mailsTo(learner.email)).toHaveLength(1);
  });

  it('wait while the next night opens on a later day, and name it once it has opened', async () => {
    const learner = await bench.learner({ localTime: '21:30', timeZone: 'Europe/London', nights: 2 });
    await complete(learner.userId, learner.classIds[0]!);
    // Night 2 opens 2 days after the purchase, which was a day before the clock started.
    await bench.deps.db('classes').where({ id: learner.classIds[1] }).update({ opensAfterDays: 2 });
    const tonight = (await reminderRow(learner.userId))!.nextSendAt as Date;
    await bench.sweepAt(tonight);
    expect(await bench.mailsTo(learner.email)).toEqual([]);
    const tomorrow = (await reminderRow(learner.userId))!.nextSendAt as Date;
    await bench.sweepAt(tomorrow);
    expect((await bench.mailsTo(learner.email)).map((mail) => mail.subject)).toEqual([
      'Tonight: Night 2 – Title 2',
    ]);
  });
});
