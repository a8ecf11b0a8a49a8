import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pickUpWithKeyboard, signInAsAdmin, toast } from '../support/admin.ts';

const WCAG_22_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A programme > phase > path of its own with six nights (order 0 to 5), made through the admin API. */
async function pathWithSixNights(page: Page) {
  const stamp = Date.now().toString(36);
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return (await response.json()) as { id: number };
  };
  const program = await post('/api/admin/programs', { title: `Dialogs ${stamp}` });
  const phase = await post(`/api/admin/programs/${program.id}/phases`, {
    title: 'Evening',
    programId: program.id,
  });
  const path = await post(`/api/admin/phases/${phase.id}/paths`, { title: 'Nights', phaseId: phase.id });
  for (let night = 1; night <= 6; night += 1)
    await post(`/api/admin/paths/${path.id}/classes`, {
      title: `Night ${night}`,
      pathId: path.id,
      orderIndex: night - 1,
    });
  return `/admin/programs/${program.id}/phases/${phase.id}/paths/${path.id}/classes`;
}

const classTitles = (page: Page) =>
  page.getByRole('list', { name: 'Classes' }).getByRole('heading', { level: 2 });

/** Whether two boxes share any area. */
async function overlap(a: Locator, b: Locator) {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error('both must be on screen');
  return (
    one.x < two.x + two.width &&
    two.x < one.x + one.width &&
    one.y < two.y + two.height &&
    two.y < one.y + one.height
  );
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the class dialog is a native modal: axe finds nothing, the page behind is inert, Escape closes it and focus returns', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const classes = await pathWithSixNights(page);
    await page.goto(classes);
    const opener = page.getByRole('button', { name: 'Create New Class' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Create New Class' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
    await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();

    const scan = await new AxeBuilder({ page }).withTags(WCAG_22_A_AA).include('dialog').analyze();
    expect(scan.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    // Inert behind: the header's links take neither focus nor a click, and Tab stays in the dialog.
    const programsLink = page
      .getByRole('navigation', { name: 'Admin', includeHidden: true })
      .getByText('Programs');
    await programsLink.evaluate((link: HTMLElement) => link.focus());
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await programsLink.click({ force: true });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(classes);
    // Tab goes round the dialog's controls (and the browser's own), never to the page behind it.
    for (let press = 0; press < 25; press += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || active.closest('dialog') !== null;
      });
      expect(focused).toBe(true);
    }

    // With a change typed, Escape asks first. Answered "stay", even twice in a row, the dialog stays,
    // modal, with the change.
    await dialog.getByLabel('Title', { exact: true }).fill('Night 7');
    const questions: string[] = [];
    page.on('dialog', (question) => {
      questions.push(question.message());
      void (questions.length < 3 ? question.dismiss() : question.accept());
    });
    for (let press = 1; press <= 2; press += 1) {
      await page.keyboard.press('Escape');
      await expect.poll(() => questions.length).toBe(press);
      await expect(dialog).toBeVisible();
    }
    expect(questions[0]).toBe('Your changes are not saved. Close without saving them?');
    expect(await dialog.evaluate((element) => element.matches('dialog:modal'))).toBe(true);
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Night 7');
    // Answered "close" the third time.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // The page is live again.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test('a new class goes to the end of the list ("Night 7" after Night 6), its toast sits clear of the navigation, and one key press moves a row one place', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto(await pathWithSixNights(page));
    await expect(classTitles(page)).toHaveCount(6);

    await page.getByRole('button', { name: 'Create New Class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Class' });
    await expect(dialog.getByLabel('Order', { exact: true })).toHaveValue('6');
    await dialog.getByLabel('Title', { exact: true }).fill('Night 7');
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await expect(dialog).toBeHidden();

    const notice = page.getByRole('status').filter({ hasText: 'Class created successfully' });
    await expect(notice).toBeVisible();
    expect(await overlap(notice, page.locator('header.admin-header'))).toBe(false);
    await toast(page, 'Class created successfully');
    await expect(classTitles(page)).toHaveText([1, 2, 3, 4, 5, 6, 7].map((night) => `Night ${night}`));

    // Keyboard: Night 7 up by exactly one place with one press.
    await pickUpWithKeyboard(page, 'Night 7', 'position 7 of 7');
    await page.keyboard.press('ArrowUp');
    // The row may first scroll into its new place on a phone; the live region says when it is there.
    await expect(
      page.getByRole('status').filter({ hasText: 'Night 7 was moved to position 6 of 7.' }),
    ).toHaveCount(1);
    await page.keyboard.press('Space');
    await toast(page, 'Classes reordered successfully');
    await expect(classTitles(page)).toHaveText(
      ['1', '2', '3', '4', '5', '7', '6'].map((night) => `Night ${night}`),
    );
    await page.reload();
    await expect(classTitles(page)).toHaveText(
      ['1', '2', '3', '4', '5', '7', '6'].map((night) => `Night ${night}`),
    );
  });

  test('"View as learner" links are named starting with the words they show', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(await pathWithSixNights(page));
    const links = page.getByRole('link', { name: /^View as learner: Night \d \(opens in a new tab\)$/ });
    await expect(links).toHaveCount(6);
    await expect(links.first()).toHaveText('View as learner (opens in a new tab)');
    const scan = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(scan.violations).toEqual([]);
    // The rule is experimental in axe: it ran and checked the six links.
    const checked = scan.passes.find((rule) => rule.id === 'label-content-name-mismatch');
    expect(checked?.nodes.length).toBeGreaterThanOrEqual(6);
  });
});

test('on a wide screen the toasts also sit below the sticky admin header', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(page);
  await page.goto(await pathWithSixNights(page));
  await page.getByRole('switch', { name: 'Unlock Night 1' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Class lock status updated successfully' });
  await expect(notice).toBeVisible();
  expect(await overlap(notice, page.locator('header.admin-header'))).toBe(false);
});
