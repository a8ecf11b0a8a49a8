import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Dialog, type Page } from '@playwright/test';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { e2eDb, provisionedBuyer } from '../support/db.ts';
import { pickUpWithKeyboard, signInAsAdmin, toast } from '../support/admin.ts';

async function createInDialog(
  page: Page,
  opener: string,
  title: string,
  fields: Record<string, string> = {},
  unlocked = false,
) {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog', { name: opener });
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  for (const [label, value] of Object.entries(fields))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  if (unlocked) await dialog.getByLabel('Unlocked', { exact: true }).check();
  await dialog.getByRole('button', { name: /^Create / }).click();
  await expect(dialog).toBeHidden();
}

/** The ids in the address of the current admin screen. */
function idsIn(page: Page) {
  const [, programId, phaseId, pathId] =
    /programs\/(\d+)(?:\/phases\/(\d+))?(?:\/paths\/(\d+))?/.exec(page.url()) ?? [];
  return { programId: Number(programId), phaseId: Number(phaseId), pathId: Number(pathId) };
}

test('an admin builds a programme, orders and locks its classes, deletes a path, and its learner sees exactly that', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const programTitle = `E2E Ritual ${stamp}`;

  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();

  // Programme
  await page.getByRole('link', { name: 'Create New Program' }).click();
  await page.getByLabel('Name', { exact: true }).fill(programTitle);
  await expect(page.getByText('Recommended size: 1200x675')).toBeVisible();
  await page.getByRole('button', { name: 'Create Program' }).click();
  await toast(page, 'Program created successfully');
  await expect(page.getByRole('heading', { level: 1, name: programTitle })).toBeVisible();
  const { programId } = idsIn(page);

  // A change typed on the edit page: Back asks first. Answered "stay", the page keeps the change;
  // answered "leave", it goes back.
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const format = page.getByLabel('Format', { exact: true });
  await format.fill('6 nights');
  const asked: string[] = [];
  const answers = ['stay', 'leave'];
  const answer = (question: Dialog) => {
    asked.push(question.message());
    void (answers.shift() === 'leave' ? question.accept() : question.dismiss());
  };
  page.on('dialog', answer);
  await page.goBack();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe('Your changes are not saved. Leave without saving them?');
  await expect(page).toHaveURL(new RegExp(`/admin/programs/${programId}/edit$`));
  await expect(format).toHaveValue('6 nights');
  await page.goBack();
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL(new RegExp(`/admin/programs/${programId}$`));
  await expect(page.getByRole('heading', { level: 1, name: programTitle })).toBeVisible();
  page.off('dialog', answer);

  // Phase
  await page.getByRole('link', { name: 'View Phases' }).click();
  await createInDialog(page, 'Create New Phase', 'Evening');
  await toast(page, 'Phase created successfully');
  await page.getByRole('link', { name: 'View Paths of Evening' }).click();

  // Two paths: the first is unlocked from the list (new paths are locked), the second will be deleted.
  await createInDialog(page, 'Create New Path', 'Wind Down');
  await toast(page, 'Path created successfully');
  await createInDialog(page, 'Create New Path', 'Spare Path');
  await toast(page, 'Path created successfully');
  const unlockPath = page.getByRole('switch', { name: 'Unlock Wind Down' });
  await expect(unlockPath).toHaveAttribute('aria-checked', 'false');
  // From the keyboard: the switch keeps the focus through its save, for the next key to go on from.
  await unlockPath.focus();
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('status').filter({ hasText: 'Path lock status updated successfully' }),
  ).toBeVisible();
  await expect(unlockPath).toHaveAttribute('aria-checked', 'true');
  await expect(unlockPath).toBeFocused();
  await toast(page, 'Path lock status updated successfully');

  await page.getByRole('link', { name: 'Spare Path', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Path' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Path' });
  await expect(confirm).toContainText('hide the path from all users, but it will be kept in the database');
  await confirm.getByRole('button', { name: 'Delete Path' }).click();
  await toast(page, 'Path deleted successfully');
  await expect(page.getByRole('link', { name: 'Wind Down', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spare Path', exact: true })).toHaveCount(0);

  // Classes: two, unlocked, one with a Vimeo link.
  await page.getByRole('link', { name: 'View Classes of Wind Down' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Classes List' })).toBeVisible();
  await expect(page.getByText('Manage classes for the Wind Down')).toBeVisible();
  await expect(page.getByText('No classes created yet')).toBeVisible();
  const { phaseId, pathId } = idsIn(page);
  await createInDialog(
    page,
    'Create New Class',
    'Night One',
    { 'Vimeo Video URL': 'https://vimeo.com/76979871', 'Duration (minutes)': '16' },
    true,
  );
  await toast(page, 'Class created successfully');
  await createInDialog(page, 'Create New Class', 'Night Two', { 'Duration (minutes)': '18' }, true);
  await toast(page, 'Class created successfully');
  const cards = page.getByRole('list', { name: 'Classes' }).getByRole('heading', { level: 2 });
  await expect(cards).toHaveText(['Night One', 'Night Two']);
  await expect(page.getByRole('list', { name: 'Classes' }).getByText('Has Video')).toHaveCount(1);

  // Reorder by keyboard: pick Night Two up, one press moves it one place up, drop it.
  await pickUpWithKeyboard(page, 'Night Two', 'position 2 of 2');
  await page.keyboard.press('ArrowUp');
  await expect(
    page.getByRole('status').filter({ hasText: 'Night Two was moved to position 1 of 2.' }),
  ).toHaveCount(1);
  await page.keyboard.press('Space');
  await toast(page, 'Classes reordered successfully');
  await expect(cards).toHaveText(['Night Two', 'Night One']);

  // Lock the class now first.
  const lockSecond = page.getByRole('switch', { name: 'Unlock Night Two' });
  await lockSecond.click();
  await toast(page, 'Class lock status updated successfully');
  await expect(lockSecond).toHaveAttribute('aria-checked', 'false');

  // The order and lock survive a reload, so they are the stored ones.
  await page.reload();
  await expect(cards).toHaveText(['Night Two', 'Night One']);
  await expect(page.getByRole('switch', { name: 'Unlock Night Two' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(page.getByRole('switch', { name: 'Unlock Night One' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(page.url()).toContain(`/admin/programs/${programId}/phases/${phaseId}/paths/${pathId}/classes`);

  // A learner who owns the programme.
  const buyer = await provisionedBuyer(programId);
  await e2eDb()('users')
    .where({ email: buyer.email })
    .update({ password: await hashPassword('sleepy-nights') });
  expect(
    (
      await page.request.post('/api/login', { data: { email: buyer.email, password: 'sleepy-nights' } })
    ).status(),
  ).toBe(200);

  const classes = await (await page.request.get(`/api/paths/${pathId}/classes`)).json();
  expect(
    classes.map(({ title, isUnlocked }: { title: string; isUnlocked: boolean }) => ({ title, isUnlocked })),
  ).toEqual([
    { title: 'Night Two', isUnlocked: false },
    { title: 'Night One', isUnlocked: true },
  ]);
  const hierarchy = await (await page.request.get(`/api/programs/${programId}/hierarchy`)).json();
  expect(
    hierarchy.phases.map((phase: { title: string; paths: { title: string }[] }) => [
      phase.title,
      phase.paths.map((path) => path.title),
    ]),
  ).toEqual([['Evening', ['Wind Down']]]);

  // The learner's path page shows the same: Night Two first and closed, Night One open.
  await page.goto(`/program/${programId}/path/${pathId}`);
  const rows = page.getByRole('heading', { level: 2, name: /^Night (One|Two)$/ });
  await expect(rows).toHaveText(['Night Two', 'Night One']);
  await expect(page.getByRole('link', { name: 'Night One', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Night Two', exact: true })).toHaveCount(0);

  // Text without a space (a pasted link, a long made-up word) wraps on a 320 px phone, in the learner's
  // pages and the admin's lists alike: nothing is pushed off the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  const unbroken =
    'See_https://example.com/a/really/long/resource/path/with/no/spaces/at/all/for/the/guide.pdf';
  await e2eDb()('classes').where({ pathId, title: 'Night One' }).update({ description: unbroken });
  await e2eDb()('paths')
    .where({ id: pathId })
    .update({ title: 'Wind_Down_Without_A_Single_Space_In_Its_Long_Name' });
  const nightOne = await e2eDb()('classes').where({ pathId, title: 'Night One' }).first('id');
  for (const address of [
    `/program/${programId}/path/${pathId}`,
    `/program/${programId}/path/${pathId}/class/${nightOne.id}`,
    `/admin/programs/${programId}/phases/${phaseId}/paths`,
    `/admin/programs/${programId}/phases/${phaseId}/paths/${pathId}/classes`,
  ]) {
    await page.goto(address);
    await expect(page.getByText(/Wind_Down_Without|See_https/).first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, address).toBeLessThanOrEqual(0);
  }

  // The deleted path comes back from Deleted content, where it was, and the learner sees it again.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Deleted' }).click();
  const spare = page
    .getByRole('list', { name: 'Deleted content' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Spare Path' }) });
  await expect(spare).toContainText(`In ${programTitle} › Evening`);
  expect(await new AxeBuilder({ page }).analyze().then((result) => result.violations)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await spare.getByRole('button', { name: 'Restore Spare Path' }).click();
  await toast(page, 'Path restored successfully');
  await expect(spare).toHaveCount(0);
  const restored = await (await page.request.get(`/api/programs/${programId}/hierarchy`)).json();
  expect(restored.phases[0].paths.map((path: { title: string }) => path.title)).toContain('Spare Path');
});

test('the classes list has no axe violations and works on a 320 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // The demo path: programme 1, its nights' phase and path, six classes.
  const demo = await e2eDb()('paths')
    .join('phases', 'phases.id', 'paths.phaseId')
    .where({ 'phases.programId': 1, 'phases.title': 'The Ritual' })
    .first('paths.id as pathId', 'phases.id as phaseId');
  await signInAsAdmin(page, `/admin/programs/1/phases/${demo.phaseId}/paths/${demo.pathId}/classes`);
  await expect(page.getByRole('list', { name: 'Classes' }).getByRole('heading', { level: 2 })).toHaveCount(6);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Create New Class' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Class' });
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await dialog.getByRole('button', { name: 'Create Class' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  const dialogScan = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(dialogScan.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create New Class' })).toBeFocused();
});

test('the Products page lists the checkout items, adds one, refuses a duplicate beside the field and removes one', async ({
  page,
}) => {
  const item = `bump-${Date.now() % 1_000_000_000}`;
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  const mappings = page.getByRole('list', { name: 'Product mappings' });
  await expect(mappings.getByRole('listitem').filter({ hasText: 'product-1' })).toContainText(
    'The 6-Night Sleep Meditation Ritual',
  );

  await page.getByLabel('Checkout item', { exact: true }).fill(item.toUpperCase());
  await page
    .getByLabel('Program', { exact: true })
    .selectOption({ label: 'The Full Transformation Program' });
  await page.getByRole('button', { name: 'Add Mapping' }).click();
  await toast(page, 'Product mapping added successfully');
  await expect(mappings.getByRole('listitem').filter({ hasText: item })).toContainText(
    'The Full Transformation Program',
  );

  await page.getByLabel('Checkout item', { exact: true }).fill(item);
  await page.getByRole('button', { name: 'Add Mapping' }).click();
  const form = page.getByRole('form', { name: 'Add a mapping' });
  await expect(form.getByText('This checkout item is already mapped to a programme.')).toBeVisible();
  await expect(page.getByLabel('Checkout item', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: `Remove ${item}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Remove Product Mapping' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await toast(page, 'Product mapping removed successfully');
  await expect(mappings.getByText(item)).toHaveCount(0);
  expect(await e2eDb()('product_program_map').where({ externalProductId: item }).first()).toBeUndefined();
});

test('a learner never downloads the admin code or the drag-and-drop library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
  expect(scripts.some((url) => /admin-routes/.test(url))).toBe(false);
  // dnd-kit names its screen-reader regions DndDescribedBy and DndLiveRegion; 'Save Ordering' is admin copy.
  expect(bodies.some((body) => body.includes('DndLiveRegion') || body.includes('Save Ordering'))).toBe(false);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect(scripts.some((url) => /admin-routes/.test(url))).toBe(true);
});
