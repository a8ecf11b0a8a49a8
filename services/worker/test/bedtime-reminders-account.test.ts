import { afterAll, describe, expect, it } from 'vitest';
import { bedtimeReminderSchema, reminderMessages } from '@sleep-ritual/contracts/reminders';
import { unsubscribeToken } from '@sleep-ritual/learning/bedtime-reminders';
import { createApp } from '@sleep-ritual/auth/app';
import { clientWithSession, createClient, createTestDeps, listen } from '@sleep-ritual/platform/testing';
import { linkIn } from '../src/outbox.ts';
import { startReminderBench } from '../src/testing-reminders.ts';

/**
 * The learner's bedtime reminder from /account to the e-mail and back out through its unsubscribe link:
 * the auth service mounted in-process, the worker's consumers with a fake clock (started at the real time)
 * on a database of this file's own, e-mails through nodemailer into an outbox.
 */

const bench = await startReminderBench('reminders_auth', new Date());
// The auth service, where the learner sets the reminder and the unsubscribe link lands; it sends no
// e-mail in these tests.
const deps = createTestDeps({ DATABASE_URL: bench.databaseUrl });
const server = await listen(
  createApp({
    ...deps,
    sendEmail: async () => {
      throw new Error('the reminder journey sends no e-mail through auth');
    },
    forgetOrders: async () => 0,
  }),
);
const auth = { url: server.url, deps };
afterAll(async () => {
  await server.close();
  await deps.close();
  await bench.dispose();
});

const DAY = 24 * 60 * 60 * 1000;

async function signedIn(userId: number) {
  return clientWithSession(auth.url, auth.deps, { userId });
}

async function readReminder(client: Awaited<ReturnType<typeof signedIn>>) {
  const response = await client.request('/api/account/reminder');
  expect(response.status).toBe(200);
  return bedtimeReminderSchema.parse(await response.json());
}

/** The wall-clock time of an instant in a zone, "21:30". */
const wallClock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

describe('the bedtime reminder setting (/api/account/reminder)', () => {
  it('is off at 21:30 with no zone before the learner saves anything, and needs a signed-in learner', async () => {
    const learner = await bench.learner({ reminder: false });
    expect(await readReminder(await signedIn(learner.userId))).toEqual({
      enabled: false,
      time: '21:30',
      timeZone: null,
      nextSendAt: null,
    });
    expect((await createClient(auth.url).request('/api/account/reminder')).status).toBe(401);
  });

  it('turned on, schedules the next time the chosen local time comes round in the zone; turned off, nothing', async () => {
    const learner = await bench.learner({ reminder: false });
    const client = await signedIn(learner.userId);
    const before = Date.now();
    const saved = await client.request('/api/account/reminder', {
      method: 'PUT',
      json: { enabled: true, time: '06:45', timeZone: 'asia/tokyo' },
    });
    expect(saved.status).toBe(200);
    const answer = bedtimeReminderSchema.parse(await saved.json());
    expect(answer).toMatchObject({ enabled: true, time: '06:45', timeZone: 'Asia/Tokyo' });
    const next = new Date(answer.nextSendAt!).getTime();
    expect(next).toBeGreaterThan(before);
    expect(next).toBeLessThanOrEqual(Date.now() + DAY);
    expect(wallClock(answer.nextSendAt!, 'Asia/Tokyo')).toBe('06:45');
    expect(await readReminder(client)).toEqual(answer);

    const off = await client.request('/api/account/reminder', {
      method: 'PUT',
      json: { enabled: false, time: '06:45', timeZone: 'Asia/Tokyo' },
    });
    expect(bedtimeReminderSchema.parse(await off.json())).toMatchObject({ enabled: false, nextSendAt: null });
  });

  it('refuses a time or a zone that is not one, with the words the form shows', async () => {
    const learner = await bench.learner({ reminder: false });
    const client = await signedIn(learner.userId);
    for (const [json, error] of [
      [{ enabled: true, time: '25:00', timeZone: 'Europe/London' }, 'Choose a time such as 21:30'],
      [{ enabled: true, time: '9pm', timeZone: 'Europe/London' }, 'Choose a time such as 21:30'],
      [{ enabled: true, time: '21:30', timeZone: 'Mars/Olympus_Mons' }, 'Choose a time zone from the list'],
      [{ enabled: 'yes', time: '21:30', timeZone: 'Europe/London' }, 'enabled must be true or false'],
    ] as const) {
      const response = await client.request('/api/account/reminder', { method: 'PUT', json });
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((await response.json()).error).toBe(error);
    }
    expect((await readReminder(client)).enabled).toBe(false);
  });
});

describe('a reminder e-mail and its one-click unsubscribe', () => {
  it('arrives at the chosen time; its List-Unsubscribe link turns reminders off with one POST, and no more come', async () => {
    const learner = await bench.learner({ reminder: false, nights: 6 });
    const client = await signedIn(learner.userId);
    const saved = bedtimeReminderSchema.parse(
      await (
        await client.request('/api/account/reminder', {
          method: 'PUT',
          json: { enabled: true, time: '21:30', timeZone: 'Europe/London' },
        })
      ).json(),
    );
    const tonight = new Date(saved.nextSendAt!);
    await bench.sweepAt(tonight);
    const [mail] = await bench.mailsTo(learner.email);
    expect(mail?.subject).toBe('Tonight: Night 1 – Title 1');

    // The page link in the text asks first: the API says the reminder is on, and sends a browser to the page.
    const page = linkIn(mail!, '/account/unsubscribe')!;
    const token = page.searchParams.get('token')!;
    const check = await createClient(auth.url).request(
      `/api/account/reminder/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(await check.json()).toEqual({ enabled: true });
    const browser = await createClient(auth.url).request(
      `/api/account/reminder/unsubscribe?token=${encodeURIComponent(token)}`,
      { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } },
    );
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(page.toString());

    // The header's address, as a mail provider posts to it from its own servers (RFC 8058).
    const header = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const oneClick = new URL(header);
    const response = await createClient(auth.url).request(`${oneClick.pathname}${oneClick.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enabled: false });
    expect(await readReminder(client)).toMatchObject({ enabled: false, nextSendAt: null });

    await bench.sweepAt(new Date(tonight.getTime() + DAY));
    await bench.sweepAt(new Date(tonight.getTime() + 2 * DAY));
    expect(await bench.mailsTo(learner.email)).toHaveLength(1);
  });

  it('a link that was not signed by us, or names another learner, is refused and changes nothing', async () => {
    const learner = await bench.learner({ nights: 1 });
    const other = await bench.learner({ nights: 1 });
    const token = unsubscribeToken(auth.deps.config, learner.userId);
    const forged = [
      `${other.userId}.${token.split('.')[1]}`,
      `${learner.userId}.${'A'.repeat(43)}`,
      'not-a-token',
      '',
    ];
    for (const attempt of forged) {
      const response = await createClient(auth.url).request(
        `/api/account/reminder/unsubscribe?token=${encodeURIComponent(attempt)}`,
        {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      );
      expect(response.status, attempt).toBe(400);
      expect((await response.json()).error).toBe(reminderMessages.invalidLink);
    }
    const rows = await auth.deps
      .db('bedtime_reminders')
      .whereIn('userId', [learner.userId, other.userId])
      .orderBy('userId');
    expect(rows.map((row) => row.enabled)).toEqual([true, true]);
  });

  it('links signed with an older session key keep working while that key is still listed', async () => {
    const learner = await bench.learner({ nights: 1 });
    const [, olderKey] = auth.deps.config.sessionKeys;
    const token = unsubscribeToken({ sessionKeys: [olderKey!] }, learner.userId);
    const response = await createClient(auth.url).request(
      `/api/account/reminder/unsubscribe?token=${encodeURIComponent(token)}`,
      { method: 'POST' },
    );
    expect(response.status).toBe(200);
    expect((await auth.deps.db('bedtime_reminders').where({ userId: learner.userId }).first()).enabled).toBe(
      false,
    );
  });
});
