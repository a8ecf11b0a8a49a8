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

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/this-page-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
});
