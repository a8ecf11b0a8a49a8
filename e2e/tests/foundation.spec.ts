import { expect, test } from '@playwright/test';

test('the API answers 401 JSON through the gateway when signed out', async ({ request }) => {
  const response = await request.get('/api/user');
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: 'Not signed in' });
});

test('the marketing home page renders', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/sleep/i);
});

test('the members app renders its sign-in route', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  // The page painted before the app ran is gone.
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
});

test('before its JavaScript has arrived, the members app already shows its name and that it is loading', async ({
  page,
}) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/sign-in');
  await expect(page.getByText('Sleep Ritual', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading...');
});

test("when the app's code cannot load, the page reloads once, then says so with a way to try again", async ({
  page,
}) => {
  // The app's chunk (what the small entry loads), as after a release replaced the files a page names.
  await page.route(/\/app\/assets\/start-[^/]+\.js$/, (route) => route.abort());
  let pages = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest()) pages += 1;
  });
  await page.goto('/sign-in');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(alert).toContainText("We couldn't load the app. Please reload the page.");
  expect(pages).toBe(2);
  // Once the files are there again, Reload starts the app.
  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test("an unknown path shows the 404 page with status 404, under the members app's routes too", async ({
  page,
}) => {
  for (const path of ['/this-page-does-not-exist', '/account/settings']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  }
});
