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

/**
 * Picks a row up by its drag handle with the keyboard and waits until an arrow key moves it, as a
 * person would before pressing one: the list has measured its rows (the live region says the row is
 * over its own place, `position N of M`), and dnd-kit's keyboard sensor listens for arrows, which it
 * starts doing in a timer set at the pick-up (a timer of the page's set now runs after that one).
 */
export async function pickUpWithKeyboard(page: Page, title: string, position: string) {
  const handle = page.getByRole('button', { name: `Drag to reorder ${title}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: `${title} was moved to ${position}.` }),
  ).toHaveCount(1);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
