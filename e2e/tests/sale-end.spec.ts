import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, e2eEnv, repoRoot } from '../support/env.ts';

// The system under test serves a build without SALE_ENDS_AT (the spec's looping countdown). These tests
// build the sales pages once more with a real end and serve that build's files in place of the pages.
const SALE_ENDS_AT = '2031-03-01T20:00:00Z';
const END = Date.parse(SALE_ENDS_AT);
let dist = '';

test.beforeAll(() => {
  test.setTimeout(180_000);
  dist = mkdtempSync(path.join(tmpdir(), 'sale-ends-at-'));
  const build = spawnSync(process.execPath, [astroCli(), 'build', '--outDir', dist], {
    cwd: path.join(repoRoot, 'marketing'),
    env: { ...process.env, ...e2eEnv, SALE_ENDS_AT, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
  });
  expect(build.status, build.stderr || build.stdout).toBe(0);
});

test.afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** Astro's command line, wherever npm put it (the marketing workspace's own node_modules, or the root's). */
function astroCli(): string {
  const marketing = path.join(repoRoot, 'marketing');
  const astro = path.dirname(createRequire(path.join(marketing, 'package.json')).resolve('astro'));
  // The package's main is dist/index.js; its command line is bin/astro.mjs beside dist/.
  return path.join(astro, '..', 'bin', 'astro.mjs');
}

/** Pages and their assets come from the build with SALE_ENDS_AT; /api and the rest from the system. */
async function serveSaleBuild(page: Page) {
  await page.route(`${baseURL}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(dist, pathname);
    const page = path.join(file, 'index.html');
    if (existsSync(page)) return route.fulfill({ path: page });
    if (existsSync(file) && statSync(file).isFile()) return route.fulfill({ path: file });
    return route.continue();
  });
}

/** Astro removes the `ssr` attribute from an island once React has hydrated it. */
async function hydrated(page: Page, component: string) {
  const island = page.locator(`astro-island[component-url*="/${component}."]`).first();
  // Islands hydrated on sight (the FAQ) wait until they are scrolled to.
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
}

async function timerText(page: Page) {
  const values = page.getByRole('timer', { name: 'Sale ends in' }).locator('.countdown__value');
  return (await values.allTextContents()).join(':');
}

test('the countdown counts to SALE_ENDS_AT, and then the sale bar and struck-through price give way to the regular price', async ({
  page,
}) => {
  await serveSaleBuild(page);
  await page.clock.install({ time: END - 3 * 3_600_000 });
  await page.goto('/');
  await hydrated(page, 'Countdown');
  await page.clock.pauseAt(END - 10_000);

  const saleBar = page.getByText('SAVE 35% OFF! LIMITED TIME OFFER ENDS IN...');
  const timer = page.getByRole('timer', { name: 'Sale ends in' });
  const closing = page.getByRole('region', { name: 'Your Calmer Nights Can Start Tonight' });
  const ritualButton = page.getByRole('link', { name: /^Start Your Sleep Ritual → \$\d+$/ });
  await expect.poll(() => timerText(page)).toBe('00:00:00:10');
  await expect(saleBar).toBeVisible();
  await expect(closing.locator('s')).toHaveText('$57');
  await expect(closing.getByText('$37', { exact: true })).toBeVisible();
  await expect(closing.getByText('35% off')).toBeVisible();
  await expect(ritualButton).toHaveAccessibleName('Start Your Sleep Ritual → $37');

  await page.clock.runFor(5_000);
  await expect.poll(() => timerText(page)).toBe('00:00:00:05');
  await expect(saleBar).toBeVisible();

  await page.clock.runFor(5_000);
  await expect(timer).toBeHidden();
  await expect(saleBar).toBeHidden();
  await expect(page.locator('s:visible')).toHaveCount(0);
  // Only the regular price is left, not struck through: the sale's words are gone for screen readers too.
  await expect(closing.locator('.closing__price')).toHaveText('$57', { useInnerText: true });
  await expect(closing.getByText('$37', { exact: true })).toBeHidden();
  await expect(closing.getByText('35% off')).toBeHidden();
  await expect(ritualButton).toHaveAccessibleName('Start Your Sleep Ritual → $57');
  await expect(page.locator('main')).not.toContainText('$37', { useInnerText: true });
});

test('a visitor who comes after SALE_ENDS_AT sees no sale at all: the regular price, no countdown, no strike', async ({
  page,
}) => {
  await serveSaleBuild(page);
  await page.clock.install({ time: END + 60_000 });
  await page.goto('/join-now');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Sale ends in' })).toBeHidden();
  await expect(page.getByText('SAVE 35% OFF! LIMITED TIME OFFER ENDS IN...')).toBeHidden();

  const card = page.getByRole('article');
  await expect(card.locator('s:visible')).toHaveCount(0);
  await expect(card.locator('.offer-card__price')).toHaveText('$57', { useInnerText: true });
  await expect(card.getByText('Save 35% today')).toBeHidden();
  await expect(card.locator('.offer-card__fine')).toHaveText(/^One-time payment of \$57\. No subscription/, {
    useInnerText: true,
  });

  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  await hydrated(page, 'FaqAccordion');
  await faq.getByRole('button', { name: /one-time payment/i }).click();
  await expect(faq.getByRole('region', { name: 'Is this really a one-time payment?' })).toContainText(
    'You pay $57 once',
    { useInnerText: true },
  );
  await expect(page.locator('main')).not.toContainText('$37', { useInnerText: true });
});
