import { expect, test } from '@playwright/test';
import { nights, RITUAL_PATH, signedInBuyerOf } from '../support/learners.ts';

// A phone at night: every step of the journey at 375 px.
test.use({ viewport: { width: 375, height: 740 } });

test.describe('the bedtime journey', () => {
  test('from "Tonight" to the next night in one tap, Next, Mark as complete, and the path moves on', async ({
    page,
  }) => {
    const { pathId, classIds } = await nights();
    await signedInBuyerOf(page, 1);
    // Night 1 watched to the end, as the player's tracker reports it.
    const ended = await page.request.put(`/api/progress/${classIds[0]}`, {
      data: { position_sec: 960, duration_sec: 960, event_type: 'ended' },
    });
    expect(ended.status()).toBe(200);

    await page.goto('/my-programs');
    await expect(page).toHaveTitle('Your Programs · Sleep Ritual');
    const tonight = page.getByRole('link', { name: 'Tonight: Night 2 – The Breath That Slows the Heart' });
    await expect(tonight).toBeVisible();
    await expect(page.getByText('1 of 6 nights')).toBeVisible();

    await tonight.click();
    await expect(page).toHaveURL(new RegExp(`/program/1/path/${pathId}/class/${classIds[1]}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Breath That Slows the Heart' }),
    ).toBeVisible();
    await expect(page.getByText('Night 2 · 18 min')).toBeVisible();
    await expect(page).toHaveTitle('The Breath That Slows the Heart · Sleep Ritual');

    // By keyboard: the button keeps the focus through its save, busy rather than disabled (a disabled
    // button would let the focus fall to the page), and a second press does not send it twice.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const completions: string[] = [];
    await page.route('**/api/progress/*/completion', async (route) => {
      completions.push(route.request().url());
      await held;
      await route.continue();
    });
    const markComplete = page.getByRole('button', { name: 'Mark as complete' });
    await markComplete.focus();
    await page.keyboard.press('Enter');
    await expect(markComplete).toHaveAttribute('aria-disabled', 'true');
    expect(await markComplete.evaluate((button: HTMLButtonElement) => button.disabled)).toBe(false);
    await page.keyboard.press('Enter');
    await expect(markComplete).toBeFocused();
    release();
    await expect(page.getByText("You've completed this class")).toBeVisible();
    expect(completions).toHaveLength(1);
    await page.unroute('**/api/progress/*/completion');
    await expect(page.getByRole('button', { name: 'Mark as not complete' })).toBeFocused();

    await page.getByRole('link', { name: /^Next/ }).click();
    await expect(page).toHaveURL(new RegExp(`/class/${classIds[2]}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Unwinding the Mental Spiral' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^← Previous/ })).toBeVisible();

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: RITUAL_PATH })).toBeVisible();
    const next = page.locator('.class-row.is-next');
    await expect(next).toHaveCount(1);
    await expect(next.getByText('Up next')).toBeVisible();
    await expect(next.getByRole('link', { name: 'Unwinding the Mental Spiral' })).toBeVisible();

    await page.goto('/my-programs');
    await expect(
      page.getByRole('link', { name: /^Tonight: Night 3 – Unwinding the Mental Spiral/ }),
    ).toBeVisible();
    await expect(page.getByText('2 of 6 nights')).toBeVisible();
  });

  test('a direct link to a programme not owned shows its offer; the menu marks the current section', async ({
    page,
  }) => {
    await signedInBuyerOf(page, 1);
    await page.goto('/program/3');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Full Transformation Program' }),
    ).toBeVisible();
    await expect(page.getByText('Lifetime access for a one-time $349')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unlock Full Program' })).toHaveAttribute('href', '/upgrade');
    await expect(page.getByText('Error Loading Program')).toHaveCount(0);

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.locator('#members-mobile-nav');
    await expect(menu.getByRole('link', { name: 'Programs' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('a buyer of programme 1 reaches the three bonuses and the fast-action bonus, the checklist as a written guide', async ({
    page,
  }) => {
    await signedInBuyerOf(page, 1);
    await page.goto('/program/1');
    await expect(page.getByRole('heading', { level: 2, name: 'Your Bonuses' })).toBeVisible();
    // The fast-action bonus the sales page promises for joining within the hour is there too.
    await expect(page.getByRole('heading', { level: 2, name: 'Your Fast-Action Bonus' })).toBeVisible();
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Deepen the Ritual' }) })
      .getByRole('link', { name: 'View Sessions' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Deepen the Ritual' })).toBeVisible();
    for (const title of [
      'The 3-Minute Wind-Down Breath',
      'The Sleep Sanctuary Checklist',
      'The Morning Clarity Primer',
    ]) {
      await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'The Sleep Sanctuary Checklist', exact: true }).click();
    const guide = page.getByRole('link', { name: /Read the Checklist/ });
    await expect(guide).toHaveAttribute('href', '/guides/sleep-sanctuary-checklist');

    await page.goto('/guides/sleep-sanctuary-checklist');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The Sleep Sanctuary Checklist' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Temperature' })).toBeVisible();
  });

  test('the sales page sells the same six nights the members area plays', async ({ page }) => {
    await page.goto('/');
    const sold = await page
      .getByRole('region', { name: 'What You Get' })
      .getByRole('heading', { level: 3 })
      .allTextContents();

    await signedInBuyerOf(page, 1);
    const { pathId } = await nights();
    await page.goto(`/program/1/path/${pathId}`);
    await expect(page.locator('.class-row')).toHaveCount(6);
    const delivered = await page
      .locator('.class-row')
      .evaluateAll((rows) =>
        rows.map(
          (row) =>
            `${row.querySelector('.eyebrow')?.textContent ?? ''}: ${row.querySelector('.class-row-title')?.textContent ?? ''}`,
        ),
      );
    expect(sold.map((text) => text.trim())).toEqual(delivered);
    expect(delivered[1]).toBe('Night 2: The Breath That Slows the Heart');
  });
});
