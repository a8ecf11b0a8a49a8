import { expect, type Page } from '@playwright/test';
import { e2eEnv } from './env.ts';

/** Signs in through the admin password form every admin screen shows to a visitor. */
export async function signInAsAdmin(page: Page, to = '/admin') {
  await page.goto(to);
  await page.getByLabel('Admin password', { exact: true }).fill(e2eEnv.ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Access granted')).toBeVisible();
}

/** Waits for a success toast, then dismisses it so the next one is not confused with it. */
export async function toast(page: Page, text: string) {
  const notice = page.getByRole('status').filter({ hasText: text });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
}
