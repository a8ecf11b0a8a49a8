import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { instantAt, localDateOf } from '@sleep-ritual/learning/local-time';
import { signInAsAdmin } from '../support/admin.ts';
import { e2eDb, nightsProgramme } from '../support/db.ts';
import { nights, signedInBuyerOf } from '../support/learners.ts';

// In bed, on a phone: 375 px.
test.use({ viewport: { width: 375, height: 740 } });

const currentTime = (audio: Locator) => audio.evaluate((element: HTMLAudioElement) => element.currentTime);

/** Opens listen mode on the class page and waits until the track is really playing. */
async function listen(page: Page, title: string) {
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const player = page.getByRole('dialog', { name: title });
  const audio = player.getByTestId('listen-audio');
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible({ timeout: 10_000 });
  return { player, audio };
}

/** The day after `now` at 07:30 on the wall clock of `zone`. */
function nextMorning(now: Date, zone: string): Date {
  const [year, month, day] = localDateOf(now, zone).split('-').map(Number);
  const tomorrow = new Date(Date.UTC(year!, month! - 1, day! + 1)).toISOString().slice(0, 10);
  return instantAt(tomorrow, '07:30', zone);
}

test.describe('the night counts', () => {
  test.use({ timezoneId: 'Europe/London' });

  test('a night paused by hand resumes where it was paused; the 15-minute sleep timer completes it, so "Tonight" names the next night and it reopens at 0:00; the next morning the check-in names it once, and the admin sees the answer', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.clock.install();
    const learner = await signedInBuyerOf(page, 1);
    const { pathId, classIds } = await nights();
    const titles = await e2eDb()('classes').whereIn('id', classIds).orderBy('orderIndex').pluck('title');
    const [nightOne, nightTwo] = classIds as [number, number];
    const nightTwoTitle = titles[1] as string;
    const nightThreeTitle = titles[2] as string;
    // Night 1 was heard to its end on an earlier evening.
    const heard = await page.request.put(`/api/progress/${nightOne}`, {
      data: { position_sec: 960, duration_sec: 960, event_type: 'ended' },
    });
    expect(heard.ok()).toBe(true);

    // Night 2, paused by hand at 5:00, reopens at 5:00.
    await page.goto(`/program/1/path/${pathId}/class/${nightTwo}`);
    let { player, audio } = await listen(page, nightTwoTitle);
    const pauseRecorded = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/progress/${nightTwo}`) &&
        response.request().method() === 'PUT' &&
        response.request().postDataJSON()?.event_type === 'pause',
    );
    await audio.evaluate((element: HTMLAudioElement) => (element.currentTime = 300));
    await player.getByRole('button', { name: 'Pause' }).click();
    expect((await (await pauseRecorded).json()).maxPositionSec).toBe(300);
    await page.reload();
    ({ player, audio } = await listen(page, nightTwoTitle));
    await expect(player.getByText('Resuming where you left off (5:00)')).toBeVisible();
    expect(await currentTime(audio)).toBeGreaterThanOrEqual(300);

    // The sleep timer ends it after 15 minutes of listening: the learner fell asleep, the night counts.
    await player.getByLabel('Sleep timer').selectOption('15');
    const asleep = page.waitForResponse(
      (response) => response.url().endsWith(`/api/progress/${nightTwo}/completion`) && response.ok(),
    );
    await page.clock.runFor(15 * 60_000 + 5_000);
    expect(await (await asleep).json()).toMatchObject({ completed: true, completionReason: 'asleep' });
    await expect(player.locator('.listen-timer-left')).toHaveText('Paused by the sleep timer. Sleep well.');
    expect((await asleep).request().postDataJSON()).toEqual({ completed: true, reason: 'asleep' });

    // Reopened, even after a reload, it starts at 0:00.
    await page.reload();
    ({ player, audio } = await listen(page, nightTwoTitle));
    await expect(player.getByText(/Resuming where you left off/)).toHaveCount(0);
    expect(await currentTime(audio)).toBeLessThan(30);
    await player.getByRole('button', { name: /Close listen mode/ }).click();
    // The page's clock back to the server's: the sleep timer ran it 15 minutes ahead, which just before
    // 05:00, when a learner's day begins, would put "now" on the day after the night the server recorded.
    await page.clock.setSystemTime(new Date());

    // "Tonight" has moved on.
    await page.goto('/my-programs');
    await expect(page.getByRole('link', { name: `Tonight: Night 3 – ${nightThreeTitle}` })).toBeVisible();
    // Still the same night: nothing is asked yet.
    await expect(page.getByRole('heading', { name: /How did you sleep/ })).toHaveCount(0);

    // The next morning the check-in names the night; one tap answers, the quality follows.
    await page.clock.setSystemTime(nextMorning(new Date(), 'Europe/London'));
    await page.reload();
    const card = page.getByRole('region', { name: `How did you sleep after Night 2 – ${nightTwoTitle}?` });
    await expect(card).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('.sleep-check-in').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await card.getByRole('button', { name: 'Fell asleep during it' }).click();
    await page.getByRole('button', { name: '4 of 5: Well' }).click();
    await expect(page.getByRole('heading', { name: /How (did|well did) you sleep/ })).toHaveCount(0);
    await expect(
      page.getByText(`Night 2 – ${nightTwoTitle}: Fell asleep during it, slept 4 of 5`),
    ).toBeAttached();
    await page.reload();
    await expect(page.getByRole('link', { name: /^Tonight: Night 3/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /How did you sleep/ })).toHaveCount(0);
    const stored = await e2eDb()('sleep_check_ins')
      .join('users', 'users.id', 'sleep_check_ins.user_id')
      .where({ 'users.email': learner.email })
      .select('class_id', 'answer', 'quality');
    expect(stored).toEqual([{ class_id: nightTwo, answer: 'during', quality: 4 }]);

    // The admin's engagement screen counts the answer for Night 2.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin, '/admin/engagement?programId=1');
    const row = admin.getByRole('row', { name: new RegExp(`Night 2: ${nightTwoTitle}`) });
    await expect(
      row.getByRole('cell', {
        name: /^\d+ answers? \d+(\.\d)?% fell asleep during it Sleep quality \d\.\d of 5$/,
      }),
    ).toBeVisible();
    await adminContext.close();
  });
});

/** A zone whose wall clock reads 21:xx now: the evening after a purchase made at 22:50 there. */
function eveningZone(now: Date): string {
  let hours = (21 - now.getUTCHours() + 24) % 24;
  if (hours > 14) hours -= 24;
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

const zone = eveningZone(new Date());

test.describe('nights open in the evening', () => {
  test.use({ timezoneId: zone });

  test('a buyer who paid at 22:50 finds Night 2 open at 21:00 the next evening; while Night 3 waits, "Tonight" names it with when it opens, and its page says so calmly', async ({
    page,
  }) => {
    const course = await nightsProgramme(
      ['Letting the Day Go', 'The Breath That Waits', 'The Quiet Hour'],
      [0, 1, 2],
    );
    try {
      const buyer = await signedInBuyerOf(page, course.programId);
      // Paid yesterday at 22:50 on their clock; it is now 21:xx there, less than 24 hours later.
      const now = new Date();
      const [year, month, day] = localDateOf(now, zone).split('-').map(Number);
      const yesterday = new Date(Date.UTC(year!, month! - 1, day! - 1)).toISOString().slice(0, 10);
      const paidAt = instantAt(yesterday, '22:50', zone);
      expect(now.getTime() - paidAt.getTime()).toBeLessThan(24 * 60 * 60 * 1000);
      const user = await e2eDb()('users').where({ email: buyer.email }).first('id');
      await e2eDb()('purchases').where({ userId: user.id }).update({ purchasedAt: paidAt });
      // Their zone, as their bedtime reminder setting holds it.
      const saved = await page.request.put('/api/account/reminder', {
        data: { enabled: false, time: '21:30', timeZone: zone },
      });
      expect(saved.ok()).toBe(true);

      const [, nightTwo, nightThree] = course.nightIds;
      await page.goto(`/program/${course.programId}/path/${course.pathId}/class/${nightTwo}`);
      await expect(page.getByRole('heading', { level: 1, name: 'The Breath That Waits' })).toBeVisible();

      // Nights 1 and 2 heard: Night 3 opens at the start of their tomorrow.
      for (const classId of course.nightIds.slice(0, 2)) {
        const heard = await page.request.put(`/api/progress/${classId}`, {
          data: { position_sec: 960, duration_sec: 960, event_type: 'ended' },
        });
        expect(heard.ok()).toBe(true);
      }
      await page.goto('/my-programs');
      await expect(page.getByText('Night 3 – The Quiet Hour opens tomorrow')).toBeVisible();
      const again = page.getByRole('navigation', { name: 'Listen again' });
      await expect(again.getByRole('link')).toHaveText([
        'Night 1 – Letting the Day Go',
        'Night 2 – The Breath That Waits',
      ]);
      await expect(page.getByRole('link', { name: /^Tonight/ })).toHaveCount(0);

      await page.goto(`/program/${course.programId}/path/${course.pathId}/class/${nightThree}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Night 3 opens tomorrow' })).toBeVisible();
      await expect(
        page.getByText("Night 3 – The Quiet Hour isn't open yet.", { exact: false }),
      ).toBeVisible();
      await expect(page.getByText('Error Loading Class')).toHaveCount(0);
    } finally {
      await e2eDb()('programs').where({ id: course.programId }).update({ deletedAt: e2eDb().fn.now() });
    }
  });
});
