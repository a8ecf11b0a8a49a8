import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { pngImage } from '@sleep-ritual/catalog/testing-media';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { signInAsAdmin, toast } from '../support/admin.ts';
import { e2eDb, provisionedBuyer } from '../support/db.ts';

/** A programme of its own with one unlocked path of two classes, so no other test sees these changes. */
async function programme() {
  const db = e2eDb();
  const stamp = Date.now().toString(36);
  const [program] = await db('programs')
    .insert({ title: `Tools Ritual ${stamp}`, description: 'For the content tools', orderIndex: 90 })
    .returning(['id', 'title']);
  const [phase] = await db('phases').insert({ programId: program.id, title: 'Evenings' }).returning('id');
  const [path] = await db('paths')
    .insert({ phaseId: phase.id, title: `Tools Path ${stamp}`, isUnlocked: true, orderIndex: 1 })
    .returning('id');
  const classes = await db('classes')
    .insert([
      { pathId: path.id, title: 'Night 1: Arriving', orderIndex: 0, isUnlocked: true, durationMinutes: 16 },
      { pathId: path.id, title: 'Night 2: The Breath', orderIndex: 1, isUnlocked: true },
    ])
    .returning('id');
  return {
    programId: program.id as number,
    title: program.title as string,
    phaseId: phase.id as number,
    pathId: path.id as number,
    classIds: classes.map((row: { id: number }) => row.id),
  };
}

/** A learner who owns the programme, signed in in a browser of their own. */
async function learnerPage(browser: Browser, programId: number): Promise<Page> {
  const buyer = await provisionedBuyer(programId);
  const password = 'quiet-nights-ahead';
  await e2eDb()('users')
    .where({ email: buyer.email })
    .update({ password: await hashPassword(password) });
  const page = await (await browser.newContext()).newPage();
  const response = await page.request.post('/api/login', { data: { email: buyer.email, password } });
  expect(response.ok()).toBe(true);
  return page;
}

test('an admin uploads a programme card image, sees its preview and saves; the learner’s card shows it', async ({
  page,
  browser,
}) => {
  const ritual = await programme();
  await signInAsAdmin(page, `/admin/programs/${ritual.programId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Program' })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Card Image' }).click();
  await (
    await chooser
  ).setFiles({ name: 'night-sky.png', mimeType: 'image/png', buffer: await pngImage(1600, 1000) });

  const field = page.getByLabel('Card Image URL', { exact: true });
  await expect(field).toHaveValue(/^\/media\/[0-9a-f]{32}\.webp$/);
  const url = await field.inputValue();
  await expect(page.getByText('Uploaded and resized to 1200x675.')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Preview of the card image' });
  await expect(preview).toHaveAttribute('src', url);
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1200);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Program updated successfully');

  const learner = await learnerPage(browser, ritual.programId);
  await learner.goto('/my-programs');
  const card = learner
    .getByRole('listitem')
    .filter({ has: learner.getByRole('heading', { name: ritual.title, exact: true }) });
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', url);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
  const served = await learner.request.get(url);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toContain('immutable');
  await learner.context().close();
});

test('Duplicate adds a locked copy at the end of the list, and View as learner opens it as the learner sees it', async ({
  page,
  context,
}) => {
  const ritual = await programme();
  const classesUrl = `/admin/programs/${ritual.programId}/phases/${ritual.phaseId}/paths/${ritual.pathId}/classes`;
  await signInAsAdmin(page, classesUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Classes List' })).toBeVisible();

  await page.getByRole('button', { name: 'Duplicate Night 1: Arriving' }).click();
  await toast(page, 'Class duplicated successfully');
  const titles = page.getByRole('heading', { level: 2 });
  await expect(titles).toHaveText(['Night 1: Arriving', 'Night 2: The Breath', 'Night 1: Arriving (copy)']);
  await expect(page.getByRole('switch', { name: 'Unlock Night 1: Arriving (copy)' })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  // The copy is locked, which no learner could open; the admin's preview opens it.
  const opened = context.waitForEvent('page');
  await page
    .getByRole('link', { name: 'View Night 1: Arriving (copy) as learner (opens in a new tab)' })
    .click();
  const preview = await opened;
  await expect(preview.getByRole('heading', { level: 1, name: 'Night 1: Arriving (copy)' })).toBeVisible();
  await expect(preview).toHaveURL(/\/program\/\d+\/path\/\d+\/class\/\d+$/);
  await expect(preview.getByRole('note', { name: 'Admin preview' })).toContainText(
    'Nothing you do here is recorded.',
  );
  await expect(preview.getByText('16 min')).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Mark as complete' })).toHaveCount(0);
  const scan = await new AxeBuilder({ page: preview }).analyze();
  expect(scan.violations.map((violation) => violation.id)).toEqual([]);

  // The tab stays a preview as the admin moves on, back to the path.
  await preview.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(preview.getByRole('note', { name: 'Admin preview' })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('Tools Path');
});
