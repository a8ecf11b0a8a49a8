import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const PAGES = [
  '/',
  '/the-6-night-sleep-meditation-ritual',
  '/join-now',
  '/upgrade',
  '/terms',
  '/privacy-policy',
  '/no-such-page',
];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Brings every lazily hydrated island and lazy image into view, so axe sees the page's final state. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  // An island may hydrate between being found and being scrolled to (then it is no longer there to
  // find): each round looks the waiting ones up afresh.
  const waiting = page.locator('astro-island[ssr]');
  await expect(async () => {
    if ((await waiting.count()) > 0) await waiting.first().scrollIntoViewIfNeeded({ timeout: 1_000 });
    await expect(waiting).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const path of PAGES) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await settle(page);
    expect(await violations(page)).toEqual([]);
  });
}

test('axe finds no violations on a phone with the menu open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await settle(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('axe finds no violations with an FAQ answer open', async ({ page }) => {
  await page.goto('/join-now');
  await settle(page);
  await page.getByRole('button', { name: 'Do I need headphones?' }).click();
  await expect(page.getByRole('region', { name: 'Do I need headphones?' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
