import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { linkIn, mailsTo, waitForMailTo, type OutboxMail } from '@sleep-ritual/worker/outbox';
import { createAccountFromMail, deliverOrder } from '../support/checkout.ts';
import { e2eDb, uniqueEmail } from '../support/db.ts';
import { signInAsAdmin, toast } from '../support/admin.ts';
import { baseURL, e2eEnv } from '../support/env.ts';

const RITUAL = 'The 6-Night Sleep Meditation Ritual';
const demo = { email: 'demo@sleepritual.example', password: 'sleep-well-tonight' };
const isCreateAccountMail = (mail: OutboxMail) => linkIn(mail, '/create-account') !== undefined;

/** The member's card of the programme on /my-programs, read afresh. */
async function ritualCard(page: Page) {
  await page.goto('/my-programs');
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: RITUAL }) });
}

/** A browser context of its own, signed in as the demo learner, and the Night 1 class of programme 1. */
async function demoWatchesNightOne(browser: Browser) {
  const context = await browser.newContext({ baseURL });
  const request = context.request;
  expect((await request.post('/api/login', { data: demo })).status()).toBe(200);
  const hierarchy = await (await request.get('/api/programs/1/hierarchy')).json();
  const pathId: number = hierarchy.phases[0].paths[0].id;
  const classes: { id: number; label: string | null }[] = await (
    await request.get(`/api/paths/${pathId}/classes`)
  ).json();
  const night = classes.find((lesson) => lesson.label === 'Night 1')!;
  return {
    classId: night.id,
    async watchPart() {
      for (const [event_type, position_sec] of [
        ['session_start', 0],
        ['play', 0],
        ['timeupdate', 150],
        ['pause', 240],
      ] as const) {
        const response = await request.put(`/api/progress/${night.id}`, {
          data: { position_sec, duration_sec: 960, event_type },
        });
        expect(response.ok()).toBe(true);
      }
    },
    close: () => context.close(),
  };
}

test('an admin finds a buyer from the checkout, resends their e-mail, revokes and grants access back, and reads the engagement', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('webhook-buyer');
  const orderId = String(Date.now()).slice(-9);

  // A purchase through the checkout's webhook; the worker provisions it and mails the create-account link.
  expect((await deliverOrder(page.request, email, orderId)).status()).toBe(200);
  await signInAsAdmin(page, '/admin/members');
  await expect
    .poll(
      async () => {
        const found = await (
          await page.request.get(`/api/admin/members?q=${encodeURIComponent(email)}`)
        ).json();
        return found.items[0]?.programs.map((program: { id: number }) => program.id) ?? [];
      },
      { timeout: 20_000, message: 'the worker provisions the order' },
    )
    .toEqual([1]);
  const firstMail = await waitForMailTo(e2eEnv.OUTBOX_DIR, email, {
    matching: isCreateAccountMail,
    timeoutMs: 15_000,
  });

  // The admin finds the member by e-mail and sees the purchase.
  await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(email);
  await expect(page.getByRole('status').filter({ hasText: `1 member matches “${email}”` })).toBeVisible();
  await page.getByRole('link', { name: email, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: email })).toBeVisible();
  const purchase = page
    .getByRole('table', { name: 'Purchases' })
    .getByRole('row')
    .filter({ hasText: orderId });
  await expect(purchase.getByRole('cell')).toHaveText([orderId, 'product-1', RITUAL, 'Completed', /\d{4}/]);
  const account = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Account' }) });
  await expect(account.getByText('No: the account has not been created yet')).toBeVisible();

  // The buyer lost the e-mail: the admin sends it again, and a second one arrives.
  await page.getByRole('button', { name: 'Resend Create-Account E-mail' }).click();
  await toast(page, 'Create-account e-mail sent');
  const resent = await waitForMailTo(e2eEnv.OUTBOX_DIR, email, {
    matching: (mail) => isCreateAccountMail(mail) && mail.file !== firstMail.file,
    timeoutMs: 15_000,
  });
  expect((await mailsTo(e2eEnv.OUTBOX_DIR, email)).filter(isCreateAccountMail)).toHaveLength(2);
  const audit = page.getByRole('list', { name: 'Admin actions' });
  await expect(audit.getByRole('listitem').first()).toContainText(
    `Resent the create-account e-mail to ${email}`,
  );

  // The member creates the account from the resent link, in a browser of their own.
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  await createAccountFromMail(member, resent, 'quiet-nights-42');
  await expect((await ritualCard(member)).getByText('You have access to this program')).toBeVisible();

  // Revoke: after the confirmation, the member's card is locked.
  await page.reload();
  await expect(account.getByText('Has password').locator('xpath=..')).toContainText('Yes');
  await page.getByRole('button', { name: `Revoke access to ${RITUAL}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke Program Access' });
  await expect(confirm).toContainText(`${email} will no longer be able to open ${RITUAL}.`);
  await confirm.getByRole('button', { name: 'Revoke Access' }).click();
  await toast(page, 'Program access revoked successfully');
  await expect(page.getByRole('list', { name: 'Program access' })).toContainText('No access: revoked');
  await expect(purchase.getByRole('cell').nth(3)).toHaveText('Revoked');
  let card = await ritualCard(member);
  await expect(card.getByRole('link', { name: 'Unlock Full Program' })).toBeVisible();
  await expect(card.getByText('You have access to this program')).toHaveCount(0);

  // Grant it back from the picker: the card opens again.
  await page.getByLabel('Program to grant', { exact: true }).selectOption({ label: RITUAL });
  await page.getByRole('button', { name: 'Grant Access' }).click();
  await toast(page, 'Program access granted successfully');
  await expect(page.getByRole('button', { name: `Revoke access to ${RITUAL}` })).toBeVisible();
  await expect(purchase.getByRole('cell').nth(3)).toHaveText('Completed');
  card = await ritualCard(member);
  await expect(card.getByText('You have access to this program')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Unlock Full Program' })).toHaveCount(0);
  await expect(audit.getByRole('listitem').first()).toContainText(`Restored access to ${RITUAL}`);
  await memberContext.close();

  // The demo learner watches part of Night 1; the engagement page counts them among those who started it.
  const learner = await demoWatchesNightOne(browser);
  const demoUser = await e2eDb()('users').where({ email: demo.email }).first('id');
  const watchedBefore = await e2eDb()('user_progress')
    .where({ userId: demoUser.id, classId: learner.classId })
    .first();
  const before = await (await page.request.get('/api/admin/engagement?programId=1')).json();
  const startedBefore: number = before.program.classes.find(
    (row: { classId: number }) => row.classId === learner.classId,
  ).started;
  await learner.watchPart();
  await learner.close();

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Engagement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engagement' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Program' })).toHaveValue('1');
  const nightOne = page
    .getByRole('table', { name: `Engagement per class of ${RITUAL}` })
    .getByRole('row')
    .filter({ hasText: 'Night 1:' });
  const started = startedBefore + (watchedBefore ? 0 : 1);
  const share = Math.round((started / before.program.owners) * 1000) / 10;
  await expect(nightOne.getByRole('cell').first()).toHaveText(`${started}${share}% of owners`);
  await expect(nightOne.getByRole('cell').nth(2)).toHaveText(/^\d+(\.\d)?%$/);
  const chart = page.getByRole('img', { name: /^Owners who started and completed each class of / });
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`Night 1: ${started} started`));
  await expect(chart.locator('svg.recharts-surface', { hasText: 'Night 1' })).toBeVisible();
});

test('the back office works on a 320 px wide phone without sideways scrolling or axe violations, and learners never load the chart library', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(scripts.some((url) => /DropOffChart|admin-routes/.test(url))).toBe(false);

  await signInAsAdmin(page, '/admin/members');
  const fitsAndPasses = async (screen: string) => {
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screen} at 320 px`).toBeLessThanOrEqual(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((violation) => ({
        rule: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      })),
    ).toEqual([]);
  };
  for (const section of ['Members', 'Orders', 'Engagement']) {
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /member|order|owner/ })
        .first(),
    ).toBeVisible();
    await fitsAndPasses(section);
  }
  const demoUser = await e2eDb()('users').where({ email: demo.email }).first('id');
  await page.goto(`/admin/members/${demoUser.id}`);
  await expect(page.getByRole('table', { name: `Progress in ${RITUAL}` })).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Admin actions' })
      .or(page.getByText('No admin has acted on this member yet.')),
  ).toBeVisible();
  await fitsAndPasses('A member');
  expect(scripts.some((url) => /DropOffChart/.test(url))).toBe(true);
});
