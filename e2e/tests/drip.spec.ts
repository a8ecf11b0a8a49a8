import { expect, test } from '@playwright/test';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { signInAsAdmin, toast } from '../support/admin.ts';
import { e2eDb, nightsProgramme, provisionedBuyer } from '../support/db.ts';

// A phone at night, as in the bedtime journey.
test.use({ viewport: { width: 375, height: 740 } });

test('a night set to open a day after the purchase shows "Opens tomorrow" and is refused until its day comes', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const course = await nightsProgramme(['Letting the Day Go', 'The Breath That Waits']);
  try {
    // The admin sets Night 2 to open one day after purchase, in the class dialog.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAsAdmin(
      admin,
      `/admin/programs/${course.programId}/phases/${course.phaseId}/paths/${course.pathId}/classes`,
    );
    await admin.getByRole('button', { name: 'Edit The Breath That Waits' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Class' });
    await dialog.getByLabel('Opens after (days)', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(admin, 'Class updated successfully');
    await adminContext.close();

    // A buyer who bought a minute ago.
    const buyer = await provisionedBuyer(course.programId);
    const password = 'quiet-nights-ahead';
    const user = await e2eDb()('users').where({ email: buyer.email }).first('id');
    await e2eDb()('users')
      .where({ id: user.id })
      .update({ password: await hashPassword(password) });
    expect((await page.request.post('/api/login', { data: { email: buyer.email, password } })).ok()).toBe(
      true,
    );

    await page.goto(`/program/${course.programId}/path/${course.pathId}`);
    const night2 = page.locator('.class-row').filter({ hasText: 'The Breath That Waits' });
    await expect(night2.getByText('Opens tomorrow')).toBeVisible();
    await expect(night2.getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Letting the Day Go' })).toBeVisible();

    // The server refuses it too, whatever the screen shows.
    const refused = await page.request.get(`/api/classes/${course.nightIds[1]}/details`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This class opens on a later night.' });
    const write = await page.request.put(`/api/progress/${course.nightIds[1]}`, {
      data: { position_sec: 10, duration_sec: 960, event_type: 'play' },
    });
    expect(write.status()).toBe(403);
    await page.goto(`/program/${course.programId}/path/${course.pathId}/class/${course.nightIds[1]}`);
    await expect(page.getByRole('heading', { name: 'Night 2 opens tomorrow' })).toBeVisible();

    // Night 1 done: "Tonight" says when the next night opens instead of offering a repeat.
    await page.request.put(`/api/progress/${course.nightIds[0]}`, {
      data: { position_sec: 960, duration_sec: 960, event_type: 'ended' },
    });
    await page.goto('/my-programs');
    await expect(page.getByText('Night 2 – The Breath That Waits opens tomorrow')).toBeVisible();

    // A day passes: the purchase is dated a day and a minute back, as the database will hold it tomorrow.
    await e2eDb()('purchases')
      .where({ userId: user.id })
      .update({ purchasedAt: e2eDb().raw(`now() - interval '1 day 1 minute'`) });
    expect((await page.request.get(`/api/classes/${course.nightIds[1]}/details`)).status()).toBe(200);
    await page.goto('/my-programs');
    await page.getByRole('link', { name: 'Tonight: Night 2 – The Breath That Waits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The Breath That Waits' })).toBeVisible();
  } finally {
    await e2eDb()('programs').where({ id: course.programId }).update({ deletedAt: e2eDb().fn.now() });
  }
});
