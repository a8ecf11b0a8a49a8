import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { pngImage, wavAudio } from '@sleep-ritual/catalog/testing-media';
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

test('@core an admin uploads a programme card image and a class audio track, sees both previews and saves; the learner gets them', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const ritual = await programme();
  await signInAsAdmin(page, `/admin/programs/${ritual.programId}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Program' })).toBeVisible();

  // The card image: chosen with the Upload button, resized on the server, previewed at card size.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Card Image' }).click();
  await (
    await chooser
  ).setFiles({ name: 'night-sky.png', mimeType: 'image/png', buffer: await pngImage(1600, 1000) });
  const field = page.getByLabel('Card Image URL', { exact: true });
  await expect(field).toHaveValue(/^\/media\/[0-9a-f]{32}\.webp$/);
  const imageUrl = await field.inputValue();
  await expect(page.getByText('Uploaded and resized to 1200x675.')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Preview of the card image' });
  await expect(preview).toHaveAttribute('src', imageUrl);
  await expect
    .poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(1200);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Program updated successfully');

  // The audio track of a class: uploaded in the class dialog, played in the preview with its length,
  // whose minutes the form offers as the duration.
  await page.goto(
    `/admin/programs/${ritual.programId}/phases/${ritual.phaseId}/paths/${ritual.pathId}/classes`,
  );
  await page.getByRole('button', { name: 'Edit Night 2: The Breath' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Class' });
  const audioChooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Upload Audio' }).click();
  await (await audioChooser).setFiles({ name: 'night-2.wav', mimeType: 'audio/wav', buffer: wavAudio(65) });
  const audioField = dialog.getByLabel('Audio URL', { exact: true });
  await expect(audioField).toHaveValue(/^\/media\/[0-9a-f]{32}\.wav$/);
  const trackUrl = await audioField.inputValue();
  await expect(dialog.getByText('Length: 1:05')).toBeVisible();
  const player = dialog.locator('audio');
  await expect(player).toHaveAttribute('src', trackUrl);
  await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => Math.round(audio.duration))).toBe(65);
  await dialog.getByRole('button', { name: 'Use 1 minute as the duration' }).click();
  await expect(dialog.getByLabel('Duration (minutes)', { exact: true })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Class updated successfully');

  // The learner: the card shows the image; the class gives the track, which plays in byte ranges.
  const learner = await learnerPage(browser, ritual.programId);
  await learner.goto('/my-programs');
  const card = learner
    .getByRole('listitem')
    .filter({ has: learner.getByRole('heading', { name: ritual.title, exact: true }) });
  const image = card.locator('img');
  await expect(image).toHaveAttribute('src', imageUrl);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
  const servedImage = await learner.request.get(imageUrl);
  expect(servedImage.headers()['content-type']).toBe('image/webp');
  expect(servedImage.headers()['cache-control']).toContain('immutable');

  const details = await learner.request.get(`/api/classes/${ritual.classIds[1]}/details`);
  expect(await details.json()).toMatchObject({ audioUrl: trackUrl, durationMinutes: 1 });
  const part = await learner.request.get(trackUrl, { headers: { range: 'bytes=44-1043' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-type']).toBe('audio/wav');
  expect(part.headers()['content-range']).toBe(`bytes 44-1043/${wavAudio(65).length}`);

  // In the class, Listen plays the uploaded track in the listen-mode player.
  await learner.goto(`/program/${ritual.programId}/path/${ritual.pathId}/class/${ritual.classIds[1]}`);
  await learner.getByRole('button', { name: 'Listen', exact: true }).click();
  const listening = learner.getByRole('dialog', { name: 'Night 2: The Breath' }).getByTestId('listen-audio');
  await expect(listening).toHaveAttribute('src', trackUrl);
  await expect
    .poll(() => listening.evaluate((audio: HTMLAudioElement) => Math.round(audio.duration)))
    .toBe(65);
  await expect
    .poll(() => listening.evaluate((audio: HTMLAudioElement) => !audio.paused && audio.currentTime > 0.5))
    .toBe(true);
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
    .getByRole('link', { name: 'View as learner: Night 1: Arriving (copy) (opens in a new tab)' })
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
