import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInCodeIn, waitForMailTo } from '@sleep-ritual/worker/outbox';
import { provisionedBuyer } from '../support/db.ts';
import { e2eEnv } from '../support/env.ts';
import { nights, signedInBuyerOf } from '../support/learners.ts';

// On a phone: 375 px.
test.use({ viewport: { width: 375, height: 740 } });

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'quiet-nights-ahead';

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Progress waiting to be sent in the app's offline queue (IndexedDB): adds one first when asked; answers how many wait. */
const waitingProgress = (page: Page, add: boolean) =>
  page.evaluate(async (adding) => {
    const opening = indexedDB.open('sleep-ritual-offline', 1);
    opening.onupgradeneeded = () =>
      opening.result.createObjectStore('pending-progress', { autoIncrement: true });
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error);
    });
    const store = database.transaction('pending-progress', 'readwrite').objectStore('pending-progress');
    if (adding)
      store.add({ method: 'PUT', url: '/api/progress/1', body: { event_type: 'pause', position_sec: 60 } });
    const count = store.count();
    const waiting = await new Promise<number>((resolve) => (count.onsuccess = () => resolve(count.result)));
    database.close();
    return waiting;
  }, add);

test('on /account, "Download my data" gives a dated file holding the learner\'s e-mail; axe finds nothing', async ({
  page,
}) => {
  const { email } = await signedInBuyerOf(page, 1);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    `sleep-ritual-my-data-${new Date().toISOString().slice(0, 10)}.json`,
  );
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile.email).toBe(email);
  expect(data.purchases).toHaveLength(1);
});

test('"Delete my account" asks to confirm, signs out, takes the nights saved for offline off the device and the member\'s other device, and the old password no longer signs in', async ({
  page,
  browser,
}) => {
  const { email } = await signedInBuyerOf(page, 1);
  // The member's tablet, signed in too, with Night 1 saved for bedtime.
  const tablet = await browser.newContext({ viewport: { width: 768, height: 1024 } });
  const tabletPage = await tablet.newPage();
  expect((await tabletPage.request.post('/api/login', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  );
  const { pathId, classIds } = await nights();
  await tabletPage.goto(`/program/1/path/${pathId}/class/${classIds[0]}`);
  await tabletPage.getByRole('button', { name: 'Save for offline' }).click();
  await expect(tabletPage.getByText('Saved on this device.')).toBeVisible({ timeout: 20_000 });

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page.getByText('This deletes your account for good.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Changing one's mind leaves everything as it was.
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByRole('button', { name: 'Delete my account', exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await page.getByLabel('Your password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Your account is unchanged.');

  // A night saved for offline (its answers in the app's offline cache) leaves the phone with the account.
  const hasSavedNights = () => page.evaluate(() => caches.has('sleep-ritual-offline-nights'));
  await page.evaluate(async () => {
    const cache = await caches.open('sleep-ritual-offline-nights');
    await cache.put('/api/user', new Response('{}', { headers: { 'content-type': 'application/json' } }));
  });
  expect(await hasSavedNights()).toBe(true);
  // So does progress still waiting to be sent: on a shared phone it would be sent for whoever came next.
  expect(await waitingProgress(page, true)).toBe(1);

  await page.getByLabel('Your password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  // A page of its own, loaded afresh: nothing of the account stays on screen; it is left by choice.
  await page.waitForURL((url) => url.pathname === '/account/deleted');
  await expect(page.getByRole('heading', { name: 'Your Account Has Been Deleted' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  expect(await hasSavedNights()).toBe(false);
  expect(await waitingProgress(page, false)).toBe(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password you entered is incorrect.');

  // The tablet, opened later, is signed out, and the night saved there leaves it too.
  expect(await tabletPage.evaluate(() => caches.has('sleep-ritual-offline-nights'))).toBe(true);
  await tabletPage.goto('/my-programs');
  await tabletPage.waitForURL((url) => url.pathname === '/sign-in');
  await expect.poll(() => tabletPage.evaluate(() => caches.has('sleep-ritual-offline-nights'))).toBe(false);
  await tablet.close();
});

test('a device whose session ended forgets the progress it kept, which the next member would have sent, and keeps its saved nights', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.evaluate(async () => {
    const cache = await caches.open('sleep-ritual-offline-nights');
    await cache.put('/api/user', new Response('{}', { headers: { 'content-type': 'application/json' } }));
  });
  expect(await waitingProgress(page, true)).toBe(1);
  // The progress service answers "later" (a restart): the queue would keep the call for a day, to send
  // it with whoever signs in next.
  await page
    .context()
    .route('**/api/progress/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' }),
    );
  // The app opens where a session ended (expired, or ended on another device): the server says 401.
  await page.goto('/my-programs');
  await page.waitForURL((url) => url.pathname === '/sign-in');
  await expect.poll(() => waitingProgress(page, false)).toBe(0);
  expect(await page.evaluate(() => caches.has('sleep-ritual-offline-nights'))).toBe(true);
});

test('in the installed app (a browser context of its own) the mailed 6-digit code signs the learner in; axe finds nothing on the sign-in screen', async ({
  page,
  browser,
}) => {
  const { email } = await provisionedBuyer(1);
  const app = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const appPage = await app.newPage();
    await appPage.goto('/sign-in');
    await expectNoAxeViolations(appPage);
    await appPage.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await appPage.getByLabel('Email').fill(email);
    await appPage.getByRole('button', { name: 'Send Sign-In Link' }).click();

    const codeField = appPage.getByLabel('Enter the 6-digit code');
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expectNoAxeViolations(appPage);

    const mail = await waitForMailTo(e2eEnv.OUTBOX_DIR, email, { timeoutMs: 15_000 });
    const code = signInCodeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    await codeField.fill(code!);
    await appPage.getByRole('button', { name: 'Sign In with Code' }).click();
    await expect(appPage).toHaveURL(/\/my-programs$/);
    expect(await (await appPage.request.get('/api/user')).json()).toMatchObject({ email });
    // The phone's browser, where the link would have opened, is not signed in by it.
    expect((await page.request.get('/api/user')).status()).toBe(401);
  } finally {
    await app.close();
  }
});

test("listen mode's transcript follows the audio, a tap on a cue seeks there, captions ride on the audio; axe finds nothing", async ({
  page,
}) => {
  await signedInBuyerOf(page, 1);
  const { pathId, classIds } = await nights();
  const nightOne = classIds[0]!;
  await page.goto(`/program/1/path/${pathId}/class/${nightOne}`);
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const player = page.getByRole('dialog', { name: 'Arriving: Letting the Day Go' });
  const audio = player.getByTestId('listen-audio');
  await expect(audio.locator('track')).toHaveAttribute('src', `/api/classes/${nightOne}/transcript`);
  await expect(audio.locator('track')).toHaveAttribute('kind', 'captions');

  await player.getByRole('button', { name: 'Transcript' }).click();
  const transcript = player.getByRole('region', { name: 'Transcript' });
  const current = transcript.locator('[aria-current="true"]');
  await expect(current).toContainText('Demo audio: generated tones and noise');

  // As the audio moves on, the marked cue moves with it.
  await audio.evaluate((element: HTMLAudioElement) => {
    element.currentTime = 65;
  });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Play from 1:00');

  // A tap on a cue plays from there.
  await transcript.getByRole('button', { name: /^Play from 0:30/ }).click();
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThanOrEqual(30);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeLessThan(39);
  await expect(current).toContainText('Play from 0:30');

  // Dim, large type.
  const fontSize = await current.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(20);
  await expectNoAxeViolations(page, '.listen-mode');
});
