import { expect, test } from '@playwright/test';
import { unsubscribePageUrl } from '@sleep-ritual/learning/bedtime-reminders';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { e2eDb, provisionedBuyer } from '../support/db.ts';
import { e2eEnv } from '../support/env.ts';

test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'Europe/Lisbon' });

test('a learner turns on a bedtime reminder on /account in their own time zone, and turns it off from the e-mail’s link', async ({
  page,
  browser,
}) => {
  const buyer = await provisionedBuyer(1);
  const password = 'quiet-nights-ahead';
  const user = await e2eDb()('users').where({ email: buyer.email }).first('id');
  await e2eDb()('users')
    .where({ id: user.id })
    .update({ password: await hashPassword(password) });
  expect((await page.request.post('/api/login', { data: { email: buyer.email, password } })).ok()).toBe(true);

  await page.goto('/account');
  const reminder = page.getByRole('region', { name: 'Bedtime reminder' });
  await expect(reminder.getByText('Reminders are off.')).toBeVisible();
  // The browser's zone is offered first.
  await expect(reminder.getByLabel('Time zone')).toHaveValue('Europe/Lisbon');
  await reminder.getByLabel('Remind me each night').check();
  await reminder.getByLabel('Time', { exact: true }).fill('22:15');
  await reminder.getByRole('button', { name: 'Save reminder' }).click();
  await expect(page.getByText("We'll e-mail you at 22:15 each night.")).toBeVisible();
  await expect(reminder.getByText(/^Next reminder: \w+,? 10:15\sPM\.$/)).toBeVisible();
  const saved = await e2eDb()('bedtime_reminders').where({ userId: user.id }).first();
  expect(saved).toMatchObject({ enabled: true, localTime: '22:15', timeZone: 'Europe/Lisbon' });

  // The e-mail's link works in any browser, signed in or not.
  const link = new URL(
    unsubscribePageUrl({ sessionKeys: [e2eEnv.SESSION_KEYS], publicAppUrl: e2eEnv.PUBLIC_APP_URL }, user.id),
  );
  const stranger = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await stranger.goto(`${link.pathname}${link.search}`);
  await expect(stranger.getByRole('heading', { name: 'Turn Off Bedtime Reminders?' })).toBeVisible();
  await stranger.getByRole('button', { name: 'Turn off reminders' }).click();
  await expect(stranger.getByRole('heading', { name: 'Bedtime Reminders Are Off' })).toBeVisible();
  await stranger.close();

  await page.reload();
  await expect(reminder.getByText('Reminders are off.')).toBeVisible();
  await expect(reminder.getByLabel('Remind me each night')).not.toBeChecked();
});
