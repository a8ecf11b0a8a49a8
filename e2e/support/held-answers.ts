import { expect, type Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` (a route pattern) until `condition` comes true, 5 s at most, then
 * lets them through. Returns whether it had come true by then: for "this happens while that answer is
 * still on its way".
 */
export async function holdUntil(
  page: Page,
  url: string,
  condition: () => boolean | Promise<boolean>,
): Promise<() => boolean> {
  let cameTrue = false;
  await page.route(url, async (route) => {
    cameTrue = await expect
      .poll(condition, { timeout: 5_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    await route.continue();
  });
  return () => cameTrue;
}
