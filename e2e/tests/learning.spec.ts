import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { e2eDb, provisionedBuyer } from '../support/db.ts';
import { holdUntil } from '../support/held-answers.ts';

const demo = { email: 'demo@sleepritual.example', password: 'sleep-well-tonight' };
const RITUAL = 'The 6-Night Sleep Meditation Ritual';
const RITUAL_PATH = 'Six Nights to Deeper Sleep';
const FULL_PROGRAM = 'The Full Transformation Program';

async function signIn(page: Page, credentials: { email: string; password: string }) {
  const response = await page.request.post('/api/login', { data: credentials });
  expect(response.ok()).toBe(true);
}

/** A buyer of one programme who has set a password: a learner the other tests never touch. */
async function learnerOwning(programId: number) {
  const buyer = await provisionedBuyer(programId);
  const password = 'quiet-nights-ahead';
  await e2eDb()('users')
    .where({ email: buyer.email })
    .update({ password: await hashPassword(password) });
  return { email: buyer.email, password };
}

async function ritualIds() {
  const path = await e2eDb()('paths').where({ title: RITUAL_PATH }).first('id');
  const classes = await e2eDb()('classes')
    .where({ pathId: path.id })
    .orderBy('orderIndex')
    .select('id', 'title');
  return { pathId: path.id as number, classes: classes as { id: number; title: string }[] };
}

function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('learning', () => {
  test('the demo learner walks from /my-programs to a class and back', async ({ page }) => {
    await signIn(page, demo);
    await page.goto('/my-programs');
    await expect(page.getByRole('heading', { name: 'Your Programs' })).toBeVisible();
    const ritual = card(page, RITUAL);
    await expect(ritual.getByText('You have access to this program')).toBeVisible();
    // The first screen's stylesheets came inside the page: the screens opened below never fetch them.
    await page.waitForLoadState('load');
    const inlined = await page.$$eval('link[rel="stylesheet"][disabled]', (links) =>
      links.map((link) => (link as HTMLLinkElement).href),
    );
    expect(inlined.length).toBeGreaterThan(0);
    const fetchedAgain: string[] = [];
    page.on('request', (request) => {
      if (inlined.includes(request.url())) fetchedAgain.push(request.url());
    });

    // Programme 1 has two phases (the nights and the bonuses): opening it shows the programme page.
    await ritual.getByRole('button', { name: 'Open Sleep Ritual' }).click();
    await expect(page).toHaveURL(/\/program\/1$/);
    await card(page, RITUAL_PATH).getByRole('link', { name: 'View Sessions' }).click();
    await expect(page).toHaveURL(/\/program\/1\/path\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: RITUAL_PATH })).toBeVisible();
    await expect(page.getByText('The Ritual', { exact: true })).toBeVisible();
    await expect(page.locator('.class-row')).toHaveCount(6);
    await expect(page.getByText('16 Minutes')).toBeVisible();

    await page.getByRole('link', { name: 'Arriving: Letting the Day Go' }).click();
    await expect(page).toHaveURL(/\/program\/1\/path\/\d+\/class\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' })).toBeVisible();
    await expect(page.getByText(`The Ritual • ${RITUAL_PATH}`)).toBeVisible();
    // The player cannot reach Vimeo here; its box and iframe, with the spec's options, are on the page.
    const frame = page.getByTestId('class-video').locator('iframe');
    await expect(frame).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871?dnt=1&title=0&byline=0&portrait=0',
    );

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: RITUAL_PATH })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Program Overview' }).click();
    await expect(page).toHaveURL(/\/program\/1$/);
    await page.getByRole('link', { name: 'Back to All Programs' }).click();
    await expect(page).toHaveURL(/\/my-programs$/);
    await expect(page.getByRole('heading', { name: 'Your Programs' })).toBeVisible();
    expect(fetchedAgain).toEqual([]);
  });

  test('opening /my-programs asks for the cards while the session check is still on its way', async ({
    page,
  }) => {
    await signIn(page, demo);
    // The session check is held until the cards and what the learner owns have been asked for (or 5 s
    // have passed): asked only after the session answered, they would come a round trip later.
    const asked = new Set<string>();
    page.on('request', (request) => asked.add(new URL(request.url()).pathname));
    const askedBeforeSessionAnswered = await holdUntil(
      page,
      '**/api/user',
      () => asked.has('/api/programs') && asked.has('/api/my-programs'),
    );
    await page.goto('/my-programs');
    await expect(card(page, RITUAL).getByText('You have access to this program')).toBeVisible();
    expect(askedBeforeSessionAnswered()).toBe(true);
  });

  test('a slow answer on /my-programs: the first picture is asked for meanwhile, and the page shows its loading state rather than wait for it', async ({
    page,
  }) => {
    await signIn(page, demo);
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') pictures.push(new URL(request.url()).pathname);
    });
    // What the learner owns is held: the cards cannot be drawn until it answers.
    const heldUntilPictureAndLoading = await holdUntil(
      page,
      '**/api/my-programs',
      async () =>
        pictures.length > 0 &&
        (await page.getByRole('status').filter({ hasText: 'Loading your programs...' }).count()) === 1,
    );
    await page.goto('/my-programs');
    const ritual = card(page, RITUAL);
    await expect(ritual.getByText('You have access to this program')).toBeVisible();
    expect(heldUntilPictureAndLoading()).toBe(true);
    // The picture asked for early is the first card's.
    const first = page.locator('.program-card img').first();
    expect(pictures[0]).toBe(new URL((await first.getAttribute('src')) ?? '', page.url()).pathname);
  });

  test('a programme of one phase with one path opens straight on its path, whose back link leads to all programmes', async ({
    page,
  }) => {
    await signIn(page, await learnerOwning(2));
    await page.goto('/my-programs');
    await card(page, 'Deep Sleep SOS: The 3 a.m. Reset').getByRole('button', { name: 'Open Add-On' }).click();
    await expect(page).toHaveURL(/\/program\/2\/path\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'When You Wake at 3 a.m.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to All Programs' }).click();
    await expect(page).toHaveURL(/\/my-programs$/);
  });

  test('programmes the learner does not own are locked cards, and the upgrade banner shows', async ({
    page,
  }) => {
    await signIn(page, demo);
    await page.goto('/my-programs');

    const full = card(page, FULL_PROGRAM);
    await expect(full.getByText('Locked', { exact: true })).toBeVisible();
    await expect(full.getByText('Lifetime access for a one-time $349')).toBeVisible();
    await expect(full.getByRole('link', { name: 'Unlock Full Program' })).toHaveAttribute('href', '/upgrade');
    // The add-on's own checkout, not the ritual's sales page, which would sell an owner the ritual again.
    const addOn = card(page, 'Deep Sleep SOS: The 3 a.m. Reset');
    await expect(addOn.getByRole('link', { name: 'Unlock Full Program' })).toHaveAttribute(
      'href',
      'https://sleepritual.thrivecart.com/deep-sleep-sos/',
    );

    await expect(page.getByRole('heading', { name: 'Unlock Your Next-Level Self' })).toBeVisible();
    await expect(
      page.getByText(
        'Upgrade to 12 months of nightly transformation by joining The Full Transformation Program.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/upgrade');

    // A marketing page: a full navigation out of the app.
    await full.getByRole('link', { name: 'Unlock Full Program' }).click();
    await expect(page).toHaveURL(/\/upgrade$/);
  });

  test('a learner who owns programme 3 sees no banner, and its locked paths say "Unlocking Soon"', async ({
    page,
  }) => {
    await signIn(page, await learnerOwning(3));
    await page.goto('/programs/my-programs');
    await expect(card(page, FULL_PROGRAM).getByText('You have access to this program')).toBeVisible();
    await expect(card(page, RITUAL).getByRole('link', { name: 'Unlock Full Program' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unlock Your Next-Level Self' })).toHaveCount(0);

    // Several paths: the card opens the programme page.
    await card(page, FULL_PROGRAM).getByRole('button', { name: 'Open Program' }).click();
    await expect(page).toHaveURL(/\/program\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: FULL_PROGRAM })).toBeVisible();
    await expect(
      card(page, 'A Calmer Nervous System').getByRole('button', { name: 'Unlocking Soon' }),
    ).toBeDisabled();
    await card(page, 'Sleep as a Skill').getByRole('link', { name: 'View Sessions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sleep as a Skill' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Program Overview' }).click();
    await expect(page).toHaveURL(/\/program\/3$/);
  });

  test('unknown programmes, paths and classes say they are not found', async ({ page }) => {
    const { pathId } = await ritualIds();
    await signIn(page, demo);

    await page.goto('/program/999999');
    await expect(page.getByRole('heading', { name: 'Program Not Found' })).toBeVisible();
    await expect(page.getByText('The requested program could not be found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to All Programs' })).toBeVisible();

    await page.goto('/program/1/path/999999');
    await expect(page.getByRole('heading', { name: 'Path Not Found' })).toBeVisible();

    await page.goto(`/program/1/path/${pathId}/class/999999`);
    await expect(page.getByRole('heading', { name: 'Class Not Found' })).toBeVisible();

    // A programme the learner does not own shows its offer, not its content.
    await page.goto('/program/3');
    await expect(page.getByRole('heading', { level: 1, name: FULL_PROGRAM })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Unlock Full Program' })).toHaveAttribute('href', '/upgrade');
    await expect(page.getByRole('link', { name: 'View Sessions' })).toHaveCount(0);
  });

  test('recorded progress shows on the path and programme pages; a completed class is marked', async ({
    page,
  }) => {
    const { pathId, classes } = await ritualIds();
    const [first, second] = classes;
    await signIn(page, await learnerOwning(1));

    // The exit event as the tracker's beacon sends it: a POST with a text/plain JSON body.
    const beacon = await page.request.post(`/api/progress/${first!.id}`, {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      data: JSON.stringify({ position_sec: 300, duration_sec: 960, event_type: 'exit' }),
    });
    expect(beacon.status()).toBe(200);
    const ended = await page.request.put(`/api/progress/${second!.id}`, {
      data: { position_sec: 1080, duration_sec: 1080, event_type: 'ended' },
    });
    expect(ended.status()).toBe(200);

    await page.goto(`/program/1/path/${pathId}`);
    await expect(page.getByText('1 of 6 classes completed')).toBeVisible();
    const firstRow = page.locator('.class-row').filter({ hasText: first!.title });
    await expect(firstRow.getByText('31% played')).toBeVisible();
    const secondRow = page.locator('.class-row').filter({ hasText: second!.title });
    await expect(secondRow.getByText('Completed')).toBeVisible();

    await page.goto('/program/1');
    await expect(card(page, RITUAL_PATH).getByText('1 of 6 classes completed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Listen to a Class Preview' })).toBeVisible();

    await page.goto(`/program/1/path/${pathId}/class/${second!.id}`);
    await expect(page.getByText("You've completed this class")).toBeVisible();
  });

  test('signed-out visitors of a class page are sent to sign in', async ({ page }) => {
    const { pathId, classes } = await ritualIds();
    await page.goto(`/program/1/path/${pathId}/class/${classes[0]!.id}`);
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the learner screens work at 320 px wide and axe finds no violations on them', async ({ page }) => {
    const { pathId, classes } = await ritualIds();
    await signIn(page, demo);
    await page.setViewportSize({ width: 320, height: 740 });
    const screens = ['/my-programs', '/program/1', `/program/1/path/${pathId}`];
    for (const path of [...screens, `/program/1/path/${pathId}/class/${classes[0]!.id}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
      const violations = results.violations.map((violation) => ({
        rule: violation.id,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
      expect(violations, path).toEqual([]);
    }
  });
});
