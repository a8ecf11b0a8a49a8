import { expect, test, type Page } from '@playwright/test';
import { loadConfig } from '@sleep-ritual/platform/config';

// The browser tests run against a build made without the e2e environment: the defaults apply.
const { checkoutUrl, upgradeCheckoutUrl, supportEmail } = loadConfig({});

const SALE_BANNER = 'SAVE 35% OFF! LIMITED TIME OFFER ENDS IN...';

async function expectFooter(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(footer.getByRole('link', { name: supportEmail })).toHaveAttribute(
    'href',
    `mailto:${supportEmail}`,
  );
}

async function expectJoinLink(page: Page, name: string) {
  const links = page.getByRole('main').getByRole('link', { name, exact: true });
  await expect(links.first()).toBeVisible();
  for (const link of await links.all()) await expect(link).toHaveAttribute('href', '/join-now');
}

test.describe('the sales landing page', () => {
  test('shows every section in the order of the spec, with its headings', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(SALE_BANNER)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sleep');

    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    const order = [
      "You're exhausted. So why won't your mind switch off?",
      "You've tried the apps. The habit never sticks.",
      'A bad night becomes a bad day',
      'Why We Created This',
      'Introducing The 6-Night Sleep Meditation Ritual',
      'What You Get',
      'Why People Love The 6-Night Sleep Meditation Ritual',
      'Why It Works',
      'Use It Whenever You Need It',
      "Who It's For",
      'How It Fits Into Your Night',
      'Plus, Three Bonuses to Deepen the Ritual',
      'Before and After the Ritual',
      'Frequently Asked Questions',
      'Your Calmer Nights Can Start Tonight',
    ];
    expect(headings.map((text) => text.trim())).toEqual(order);
    await expectFooter(page);
  });

  test('has the hero of the spec: "So you can...", arrowed benefits and its button', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: /Sleep Deeply/ });
    await expect(hero.getByText('So you can...')).toBeVisible();
    const benefits = hero.getByRole('listitem');
    await expect(benefits).toHaveCount(4);
    for (const benefit of await benefits.all()) await expect(benefit).toContainText('→');
    await expect(hero.getByRole('link', { name: 'Start the 6 Night Program' })).toHaveAttribute(
      'href',
      '/join-now',
    );

    // Separate desktop and mobile backgrounds, both with their dimensions.
    const source = hero.locator('picture source');
    await expect(source).toHaveAttribute('media', /max-width/);
    await expect(source).toHaveAttribute('srcset', /hero-mobile/);
    const image = hero.locator('picture img');
    await expect(image).toHaveAttribute('src', /hero-desktop/);
    await expect(image).toHaveAttribute('width', /\d+/);
    await expect(image).toHaveAttribute('height', /\d+/);
  });

  test('every call to action leads to /join-now with the button texts of the spec', async ({ page }) => {
    await page.goto('/');
    for (const name of [
      'Start the 6 Night Program',
      'Get Started',
      'Start Your 6-Night Sleep Ritual →',
      'Start Your Sleep Ritual → $37',
      '✨ Start Reprogramming While You Sleep ✨',
      'Yes! I Want to Experience the Shift',
      'Start Your Journey',
    ]) {
      await expectJoinLink(page, name);
    }
    await expect(
      page.getByText(
        'This is the first method that combines ✨ Brain science ✨ Energy work ✨ Habit design – all inside your actual sleep schedule.',
      ),
    ).toBeVisible();
  });

  test('sells the 6-night ritual: $37 instead of $57, one-time payment, 3 bonuses and the 60-minute bonus', async ({
    page,
  }) => {
    await page.goto('/');
    // The bonus's 60 minutes count from the page's opening, not from when it is scrolled to.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('countdown:v1:3600'))).not.toBeNull();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: /Night \d:/ })).toHaveCount(6);
    await expect(main.getByText(/one-time payment/i).first()).toBeVisible();
    const bonuses = page.getByRole('region', { name: 'Plus, Three Bonuses to Deepen the Ritual' });
    await expect(bonuses.getByText(/^Bonus [123]$/)).toHaveCount(3);
    await expect(bonuses.getByText('Fast-action bonus', { exact: true })).toBeVisible();
    await expect(bonuses.getByText(/within 60 minutes/)).toBeVisible();
    await expect(bonuses.getByRole('timer', { name: 'Fast-action bonus ends in' })).toBeVisible();
    const closing = page.getByRole('region', { name: 'Your Calmer Nights Can Start Tonight' });
    await expect(closing.locator('s')).toHaveText('$57');
    await expect(closing.getByText('$37', { exact: true })).toBeVisible();
    await expect(closing.getByText('35% off')).toBeVisible();
    await expect(page.getByText(/7-night|love program/i)).toHaveCount(0);
  });

  test('tells the founders’ story with its image and button', async ({ page }) => {
    await page.goto('/');
    const story = page.getByRole('region', { name: 'Why We Created This' });
    await expect(story.getByRole('img')).toHaveAttribute('loading', 'lazy');
    await expect(story.getByText(/burnout/i).first()).toBeVisible();
    for (const benefit of [
      /falling asleep faster/,
      /nervous system/,
      /mental spirals/,
      /more focused and less reactive/,
    ]) {
      await expect(story.getByText(benefit).first()).toBeVisible();
    }
    await expect(story.getByRole('link', { name: 'Start Your 6-Night Sleep Ritual →' })).toHaveAttribute(
      'href',
      '/join-now',
    );
  });

  test('lists twenty questions, covering the topics the spec names', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(20);
    const texts = (await questions.allTextContents()).join('\n');
    for (const topic of [
      /free .*apps/i,
      /science/i,
      /miss a night/i,
      /results/i,
      /one-time payment/i,
      /headphones/i,
    ]) {
      expect(texts).toMatch(topic);
    }
  });

  test('shows testimonial carousels with separate desktop and mobile screenshots', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Why People Love The 6-Night Sleep Meditation Ritual' });
    await expect(section.getByText('Dream Job + Travel Lifestyle', { exact: true })).toBeAttached();
    await expect(section.getByText('A Big Promotion After Failure', { exact: true })).toBeAttached();
    const images = section.locator('picture img');
    expect(await images.count()).toBeGreaterThanOrEqual(4);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', /-desktop\.svg$/);
      await expect(image).toHaveAttribute('loading', 'lazy');
      await expect(image).toHaveAttribute('alt', /.{20,}/);
    }
    for (const source of await section.locator('picture source').all()) {
      await expect(source).toHaveAttribute('srcset', /-mobile\.svg$/);
    }
    const screenshot = await page.request.get((await images.first().getAttribute('src'))!);
    expect(screenshot.headers()['content-type']).toContain('image/svg+xml');
    expect(await screenshot.text()).toContain('Dream Job + Travel Lifestyle');
  });

  test('sets the size of every image and loads those below the fold lazily', async ({ page }) => {
    await page.goto('/');
    const images = page.locator('main img');
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }
    await expect(page.locator('main img:not([loading="lazy"])')).toHaveCount(1);
    await expect(page.locator('main img:not([loading="lazy"])')).toHaveAttribute('fetchpriority', 'high');
  });

  test('the variant has the same content with a header-only nav', async ({ page }) => {
    await page.goto('/the-6-night-sleep-meditation-ritual');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sleep');
    await expect(page.getByText(SALE_BANNER)).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button'),
    ).toHaveCount(20);
    await expect(page.getByRole('status')).toHaveCount(0);
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sleep Ritual' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await expectFooter(page);
  });
});

test.describe('the checkout-prelude page', () => {
  test('shows the headline, subtext, offer card and the FAQ without borders under a header-only nav', async ({
    page,
  }) => {
    await page.goto('/join-now');
    await expect(page.getByText(SALE_BANNER)).toBeVisible();
    await expect(page.getByRole('timer', { name: 'Sale ends in' })).toBeVisible();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: "You're one step away from rewiring your mind while you sleep.",
      }),
    ).toBeVisible();
    await expect(page.getByText('Join thousands waking up calm, clear, and focused.')).toBeVisible();

    const card = page.getByRole('article');
    await expect(card.getByRole('heading', { name: 'The 6-Night Sleep Meditation Ritual' })).toBeVisible();
    await expect(card.locator('s')).toHaveText('$57');
    await expect(card.getByText('$37', { exact: true })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(6);
    await expect(card.getByText(/No subscription and no repeat billing/)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Get Instant Access' })).toHaveAttribute('href', checkoutUrl);

    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(faq.getByRole('button')).toHaveCount(20);
    const border = await faq
      .locator('.faq__item')
      .first()
      .evaluate((item) => getComputedStyle(item).borderLeftWidth);
    expect(border).toBe('0px');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
    await expectFooter(page);
  });

  test('the get-access button takes the browser to the checkout', async ({ page }) => {
    await page.route(`${checkoutUrl}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Checkout</title>' }),
    );
    await page.goto('/join-now');
    await page.getByRole('link', { name: 'Get Instant Access' }).click();
    await expect(page).toHaveURL(checkoutUrl);
  });
});

test('the upgrade page offers lifetime access for $349 (regularly $597) through the coupon checkout', async ({
  page,
}) => {
  await page.goto('/upgrade');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('one step away');
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: 'The Full Transformation Program' })).toBeVisible();
  await expect(card.getByText('Lifetime access', { exact: true })).toBeVisible();
  await expect(card.locator('s')).toHaveText('$597');
  await expect(card.getByText('$349', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Get Lifetime Access' })).toHaveAttribute(
    'href',
    upgradeCheckoutUrl,
  );
  expect(upgradeCheckoutUrl).toContain('coupon=');
  await expect(
    page.getByRole('region', { name: 'Questions About the Upgrade' }).getByRole('button'),
  ).not.toHaveCount(0);
  await expectFooter(page);
});

test.describe('terms and privacy', () => {
  test('the Terms of Service state the spec’s facts', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const main = page.getByRole('main');
    for (const fact of [
      'Effective date: July 1, 2025',
      /at least 18 years old/,
      /United States dollars \(USD\)/,
      /all sales are final and non-refundable/i,
      /laws of the State of California/,
      /binding arbitration/i,
    ]) {
      await expect(main.getByText(fact).first()).toBeVisible();
    }
    await expect(main.getByText(supportEmail)).toBeVisible();
    await expectFooter(page);
  });

  test('the Privacy Policy says the service is not for children under 16', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText('Effective date: July 1, 2025')).toBeVisible();
    await expect(page.getByText(/not intended for children under 16/)).toBeVisible();
    await expectFooter(page);
  });

  test('Back returns to the previous page', async ({ page }) => {
    await page.goto('/join-now');
    await page.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/join-now$/);
  });

  test('Back follows a same-site referrer when there is no history', async ({ page, baseURL }) => {
    await page.goto('/terms', { referer: `${baseURL}/upgrade` });
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/upgrade$/);
  });

  test('Back goes home when there is no history and the referrer is another site', async ({ page }) => {
    await page.goto('/privacy-policy', { referer: 'https://elsewhere.example/article' });
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('Back goes home when there is no history to return to', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('each page names its one address for search engines; the variant names the landing', async ({
  page,
}) => {
  for (const [path, canonical] of [
    ['/', '/'],
    ['/the-6-night-sleep-meditation-ritual', '/'],
    ['/join-now/', '/join-now'],
    ['/upgrade', '/upgrade'],
    ['/terms', '/terms'],
  ]) {
    await page.goto(path!);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', canonical!);
  }
  await page.goto('/missing');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the answers can be read, the way to sign in is there, and the members app says what it needs', async ({
    page,
  }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(faq.locator('.faq__answer').first()).toBeVisible();
    await expect(faq.locator('.faq__answer').last()).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', /\/sign-in$/);
    await expect(header.locator('.auth-spinner')).toBeHidden();

    await page.goto('/sign-in');
    // What the page shows (Playwright's text matching skips <noscript>, which a browser without
    // JavaScript shows).
    expect(await page.locator('#root').innerText()).toContain('Sleep Ritual needs JavaScript.');
    await expect(page.locator('.spinner-wrap')).toBeHidden();
  });
});

test('an unknown path answers 404 with the not-found page and the footer', async ({ page }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await expectFooter(page);
});

test('every page fits a 320 px wide phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/',
    '/the-6-night-sleep-meditation-ritual',
    '/join-now',
    '/upgrade',
    '/terms',
    '/privacy-policy',
    '/missing',
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
