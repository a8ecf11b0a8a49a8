import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// The landing page's JavaScript budget (the same measure as `npm run lighthouse`): every script the
// page loads in a phone-sized browser, plus its inline scripts, gzipped, at most 65 KB.
const BUDGET_KB = 65;

test('the landing page loads at most 65 KB of JavaScript, gzipped', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    scripts.set(response.url(), await response.body());
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Islands that wait for idle time or visibility load as a visitor scrolls down.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');

  const html = await page.content();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .join('\n');
  const files = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  const totalKb = (files + gzipSync(inline, { level: 9 }).length) / 1024;
  expect(scripts.size, 'the islands load their scripts').toBeGreaterThan(0);
  expect(totalKb, `${scripts.size} scripts and the inline ones, gzipped`).toBeLessThanOrEqual(BUDGET_KB);
  await context.close();
});
