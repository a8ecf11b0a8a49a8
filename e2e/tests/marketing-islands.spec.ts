import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../support/env.ts';

const COUNTDOWN_KEY = 'countdown:v1:14400';
const FOUR_HOURS_MS = 14_400_000;
const DEMO_LEARNER = { email: 'demo@sleepritual.example', password: 'sleep-well-tonight' };

/** Astro removes the `ssr` attribute from an island once React has hydrated it. */
async function hydrated(page: Page, component: string) {
  const island = page.locator(`astro-island[component-url*="/${component}."]`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
}

async function timerParts(page: Page, name = 'Sale ends in') {
  const timer = page.getByRole('timer', { name });
  const [days, hours, minutes, seconds] = await Promise.all(
    ['days', 'hours', 'minutes', 'seconds'].map((unit) =>
      timer.locator(`[data-unit="${unit}"] .countdown__value`).textContent(),
    ),
  );
  return { days, hours, minutes, seconds };
}

async function storedEndTime(page: Page): Promise<number> {
  return Number(await page.evaluate((key) => window.localStorage.getItem(key), COUNTDOWN_KEY));
}

test.describe('the sale countdown', () => {
  test('starts at four hours, shows two-digit units and keeps its end time across a reload', async ({
    page,
  }) => {
    const before = Date.now();
    await page.goto('/');
    await hydrated(page, 'Countdown');
    await expect.poll(() => storedEndTime(page)).toBeGreaterThanOrEqual(before + FOUR_HOURS_MS);
    const endTime = await storedEndTime(page);
    expect(endTime).toBeLessThanOrEqual(Date.now() + FOUR_HOURS_MS);
    await expect.poll(async () => (await timerParts(page)).hours).toMatch(/^0[34]$/);
    const parts = await timerParts(page);
    expect(parts.days).toBe('00');
    expect(parts.minutes).toMatch(/^\d{2}$/);
    expect(parts.seconds).toMatch(/^\d{2}$/);

    await page.reload();
    await hydrated(page, 'Countdown');
    expect(await storedEndTime(page)).toBe(endTime);
    await page.goto('/join-now');
    await hydrated(page, 'Countdown');
    expect(await storedEndTime(page)).toBe(endTime);
  });

  test('reuses a stored end time that is still ahead', async ({ page }) => {
    const endTime = Date.now() + 2.5 * 3_600_000;
    await page.addInitScript(
      ([key, value]) => window.localStorage.setItem(key!, value!),
      [COUNTDOWN_KEY, String(endTime)],
    );
    await page.goto('/join-now');
    await hydrated(page, 'Countdown');
    await expect.poll(async () => (await timerParts(page)).hours).toBe('02');
    expect(await storedEndTime(page)).toBe(endTime);
  });

  test('renews itself for another four hours when it reaches zero', async ({ page }) => {
    // The page's clock, held 10 s before the stored end however long the page took to load.
    const start = Date.now();
    const end = start + 60_000;
    await page.clock.install({ time: start });
    await page.addInitScript(
      ([key, value]) => {
        // Only the first load gets the end time.
        if (!window.sessionStorage.getItem('seeded')) {
          window.sessionStorage.setItem('seeded', '1');
          window.localStorage.setItem(key!, value!);
        }
      },
      [COUNTDOWN_KEY, String(end)],
    );
    await page.goto('/join-now');
    await hydrated(page, 'Countdown');
    await page.clock.pauseAt(end - 10_000);
    await expect.poll(async () => Number((await timerParts(page)).seconds)).toBeLessThanOrEqual(10);
    expect(await timerParts(page)).toMatchObject({ hours: '00', minutes: '00' });
    await page.clock.runFor(15_000);
    await expect.poll(() => storedEndTime(page)).toBeGreaterThanOrEqual(end + FOUR_HOURS_MS);
    await expect.poll(async () => (await timerParts(page)).hours).toMatch(/^0[34]$/);
  });

  test('logs a warning and still counts down when local storage is blocked', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is blocked', 'SecurityError');
        },
      });
    });
    await page.goto('/join-now');
    await hydrated(page, 'Countdown');
    await expect.poll(async () => (await timerParts(page)).hours).toBe('03');
    expect(warnings.some((text) => text.includes('Countdown'))).toBe(true);
  });
});

test.describe('the FAQ accordion', () => {
  test('opens one answer at a time and closes the open one when chosen again', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await hydrated(page, 'FaqAccordion');
    const first = faq.getByRole('button', {
      name: 'How is this different from free meditation and sleep apps?',
    });
    const second = faq.getByRole('button', { name: 'Is the ritual science-based?' });

    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(
      faq.getByRole('region', { name: 'How is this different from free meditation and sleep apps?' }),
    ).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(1);
    await expect(faq.getByText(/solid body of research/)).toBeVisible();
    await expect(faq.getByText(/library of hundreds of sessions/)).toBeHidden();

    await second.click();
    await expect(faq.getByRole('button', { expanded: true })).toHaveCount(0);
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/join-now');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await hydrated(page, 'FaqAccordion');
    const questions = faq.getByRole('button');
    await questions.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(questions.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(questions.last()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(questions.last()).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Home');
    await expect(questions.first()).toBeFocused();
    await page.keyboard.press('Space');
    await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.last()).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('the testimonial carousel', () => {
  test('moves between slides with its buttons, keeping hidden slides out of reach', async ({ page }) => {
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Member stories' });
    await hydrated(page, 'Carousel');
    const first = carousel.getByRole('group', { name: '1 of 3: Dream Job + Travel Lifestyle' });
    const second = carousel.getByRole('group', { name: '2 of 3: A Big Promotion After Failure' });
    await expect(second).toHaveAttribute('inert', '');

    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(
      carousel.getByText('Showing testimonial 2 of 3: A Big Promotion After Failure'),
    ).toBeAttached();
    await expect(first).toHaveAttribute('inert', '');
    await expect(second).not.toHaveAttribute('inert');

    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(
      carousel.getByText('Showing testimonial 3 of 3: Asleep Before the Track Ends'),
    ).toBeAttached();
    await carousel.getByRole('button', { name: 'Show testimonial 1: Dream Job + Travel Lifestyle' }).click();
    await expect(first).not.toHaveAttribute('inert');
  });

  test('shows the mobile screenshots on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const image = page.getByRole('region', { name: 'Member stories' }).locator('img').first();
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/-mobile\.svg$/);
  });
});

test.describe('the navigation bar and menu', () => {
  test('a signed-out visitor sees Sign In, and the mobile menu opens and closes', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/sign-in',
    );

    await page.setViewportSize({ width: 390, height: 844 });
    await hydrated(page, 'NavActions');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByText('Already own the program?')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
    await expect(menu.getByRole('link', { name: 'Or click here to buy the 6-night ritual' })).toHaveAttribute(
      'href',
      '/join-now',
    );
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused();

    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole('link', { name: 'Or click here to buy the 6-night ritual' }).click();
    await expect(page).toHaveURL(/\/join-now$/);
  });

  test('a signed-in visitor sees Account, and the menu offers their account and programmes', async ({
    page,
  }) => {
    await carrySignedInHint(page);
    await page.route('**/api/user', (route) =>
      route.fulfill({ json: { id: 1, email: 'member@sleepritual.example' } }),
    );
    await page.goto('/terms');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/account',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByText('Your Account')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute(
      'href',
      '/account',
    );
    await expect(menu.getByRole('link', { name: 'View my programs' })).toHaveAttribute(
      'href',
      '/my-programs',
    );
    await expect(menu.getByText('Already own the program?')).toHaveCount(0);
  });

  test('shows no account link while the sign-in state loads; the landing page shows a spinner', async ({
    page,
  }) => {
    await carrySignedInHint(page);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/user', async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('status')).toBeVisible();
    await expect(banner.getByRole('status')).toContainText('Checking your account');
    await expect(banner.getByRole('link', { name: /Sign In|Account/ })).toHaveCount(0);
    // The sales content waits until the check answers, so a signed-in visitor never sees it.
    await expect(page.locator('main')).toBeHidden();
    answer();
    await expect(banner.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(banner.getByRole('status')).toHaveCount(0);
    await expect(page.locator('main')).toBeVisible();
  });
});

test.describe('the landing pages are for signed-out visitors', () => {
  test('a signed-in visitor is sent from / to /my-programs', async ({ page }) => {
    const login = await page.request.post('/api/login', { data: DEMO_LEARNER });
    expect(login.ok()).toBe(true);
    const check = page.waitForRequest('**/api/user');
    await page.goto('/');
    await expect(page).toHaveURL(/\/my-programs$/);
    // The check carries the session cookie, so it also works from another origin with CORS.
    expect((await (await check).allHeaders()).cookie).toContain('sr_session');
  });

  test('a signed-in visitor is sent from the landing variant to /my-programs as well', async ({ page }) => {
    await carrySignedInHint(page);
    await page.route('**/api/user', (route) =>
      route.fulfill({ json: { id: 1, email: 'member@sleepritual.example' } }),
    );
    await page.route('**/my-programs', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>My programs</title>' }),
    );
    await page.goto('/the-6-night-sleep-meditation-ritual');
    await expect(page).toHaveURL(/\/my-programs$/);
  });

  test('an anonymous visitor stays on the landing page, without a call bound to answer 401', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user')) calls.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(calls).toEqual([]);
  });

  test('a stale hint (the session ended elsewhere) is answered 401 once and then cleared', async ({
    page,
  }) => {
    await carrySignedInHint(page);
    const check = page.waitForResponse('**/api/user');
    await page.goto('/');
    expect((await check).status()).toBe(401);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === 'sr_signed_in')).toBe(false);
  });
});

/** What a browser that signed in here carries: the readable hint that a session may exist. */
async function carrySignedInHint(page: Page) {
  await page.context().addCookies([{ name: 'sr_signed_in', value: '1', url: baseURL }]);
}
