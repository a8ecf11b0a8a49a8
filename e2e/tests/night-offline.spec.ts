import { expect, test, type Locator, type Page } from '@playwright/test';
import { nights, signedInBuyerOf } from '../support/learners.ts';

// In bed, on a phone: 375 px.
test.use({ viewport: { width: 375, height: 740 } });

/** The demo night 1's track falls silent for 5 s at every whole minute (platform's demo-audio.ts). */
const demoPause = (seconds: number) => {
  const minute = Math.floor(seconds / 60) * 60;
  return minute >= 60 && seconds >= minute && seconds <= minute + 5;
};

const audioState = (audio: Locator) =>
  audio.evaluate((element: HTMLAudioElement) => ({
    paused: element.paused,
    currentTime: element.currentTime,
    volume: element.volume,
  }));

/** Opens listen mode on night 1's page and waits until its track really plays. */
async function listenToNightOne(page: Page) {
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  const player = page.getByRole('dialog', { name: 'Arriving: Letting the Day Go' });
  const audio = player.getByTestId('listen-audio');
  await expect
    .poll(async () => (await audioState(audio)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(1);
  return { player, audio };
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 15_000,
  });
}

test('a saved night opens offline, from the open app and on a reload, and plays, its seeks answered by the service worker with 206; offline, My programs shows what is saved, and comes back by itself online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signedInBuyerOf(page, 1);
  const { pathId, classIds } = await nights();
  const classPage = `/program/1/path/${pathId}/class/${classIds[0]}`;

  // The path page saves every open night: the six demo nights, 15 to 20 minutes of 8 kB a second.
  await page.goto(`/program/1/path/${pathId}`);
  await controlledByServiceWorker(page);
  // By keyboard: once saved, the focus is on what the page says in place of the button.
  await page.getByRole('button', { name: 'Save all nights for offline' }).focus();
  await page.keyboard.press('Enter');
  const allSaved = page.getByText('6 nights saved for offline · 50 MB');
  await expect(allSaved).toBeVisible({ timeout: 20_000 });
  await expect(allSaved).toBeFocused();
  // Night 1's page knows (16 minutes), and can remove it and save it again, the focus staying on the
  // button throughout.
  await page.goto(classPage);
  await expect(page.getByText('Saved for offline · 7.7 MB')).toBeVisible();
  await page.getByRole('button', { name: 'Remove "Arriving: Letting the Day Go" from this device' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Save for offline' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved for offline · 7.7 MB')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByRole('button', { name: 'Remove "Arriving: Letting the Day Go" from this device' }),
  ).toBeFocused();

  const ranges: { status: number; range: string | undefined }[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/media/demo/night-1.wav') || !response.fromServiceWorker()) return;
    ranges.push({ status: response.status(), range: response.headers()['content-range'] });
  });

  // The app is open on My programs, which has not fetched the night's page, when the network goes:
  // the saved night opens from it, no reload.
  await page.goto('/my-programs');
  const tonight = page.getByRole('link', { name: /^Tonight: Night 1 – Arriving: Letting the Day Go/ });
  await expect(tonight).toBeVisible();
  await context.setOffline(true);
  await tonight.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' })).toBeVisible();
  // And it opens when the page itself is loaded offline.
  await page.goto(classPage);
  await expect(page.getByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' })).toBeVisible();
  const { player, audio } = await listenToNightOne(page);
  await expect(player.getByText('Saved for offline · 7.7 MB')).toBeVisible();
  // No artwork is saved with a night: the night sky stands in, from the app's own cached files.
  await expect
    .poll(() =>
      player
        .locator('img.listen-artwork')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBeGreaterThan(0);

  // A seek past what was loaded is a request of its own, answered from the saved track.
  await audio.evaluate((element: HTMLAudioElement) => (element.currentTime = 700));
  await expect
    .poll(async () => (await audioState(audio)).currentTime, { timeout: 15_000 })
    .toBeGreaterThan(701);
  expect((await audioState(audio)).paused).toBe(false);
  // The answer's event may reach the test after the track has played on.
  await expect(() => {
    const seek = ranges.find((answer) => Number(/^bytes (\d+)-/.exec(answer.range ?? '')?.[1]) > 5_000_000);
    expect(seek, JSON.stringify(ranges)).toMatchObject({
      status: 206,
      range: expect.stringMatching(/\/7680044$/),
    });
  }).toPass({ timeout: 10_000 });

  // Its transcript, the text alternative of its sound, was saved with it: the panel reads offline too.
  await player.getByRole('button', { name: 'Transcript' }).click();
  const transcript = player.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('button', { name: /^Play from 0:30/ })).toBeVisible();
  await expect(transcript.getByText('The transcript could not be loaded.')).toHaveCount(0);

  // My programs has nothing saved to show offline: it says so, lists the saved night, no sign-in error.
  await player.getByRole('button', { name: 'Close listen mode' }).click();
  await page.goto('/my-programs');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText(/couldn't check your sign-in/)).toHaveCount(0);
  const saved = page.getByRole('list', { name: 'Saved for offline' });
  await expect(saved.getByRole('link', { name: 'Night 1 – Arriving: Letting the Day Go' })).toBeVisible();

  // The network returns: the page loads by itself, no reload, and the listening done offline, which
  // waited in IndexedDB, reaches the server.
  const delivered: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/progress/${classIds[0]}`) && request.method() === 'PUT') {
      delivered.push(JSON.parse(request.postData() ?? '{}').event_type);
    }
  });
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Your Programs' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
  await expect.poll(() => delivered).toContain('play');
});

test('where the volume cannot change, the sleep timer pauses in the next quiet span instead of fading, "+5 min" adds five minutes, the choice is remembered, and waking from night mode keeps the keyboard in the player', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // As on an iPhone: whatever is set, the volume stays 1.
  await page.addInitScript(() => {
    Object.defineProperty(HTMLMediaElement.prototype, 'volume', {
      configurable: true,
      get: () => 1,
      set: () => undefined,
    });
  });
  await page.clock.install();
  await signedInBuyerOf(page, 1);
  const { pathId, classIds } = await nights();
  await page.goto(`/program/1/path/${pathId}/class/${classIds[0]}`);
  const { player, audio } = await listenToNightOne(page);

  const timer = player.getByLabel('Sleep timer');
  await timer.selectOption('15');
  const countdown = player.locator('.listen-timer-left');
  await expect(countdown).toHaveText(/^Pauses in 1[45]:\d\d$/);
  // Just past the track's first pause (1:00-1:05), so nearly a minute of voice plays before the next
  // one however slowly this machine runs the fifteen minutes below.
  await audio.evaluate((element: HTMLAudioElement) => (element.currentTime = 66));
  await page.clock.runFor(15 * 60_000 + 1_000);
  // Time is up, but the voice is not cut: the track plays on to its next quiet moment.
  await expect(countdown).toHaveText('Pausing at the next quiet moment');
  const due = await audioState(audio);
  expect(due.paused).toBe(false);
  expect(due.volume).toBe(1);
  await audio.evaluate((element: HTMLAudioElement) => (element.playbackRate = 2));
  await expect.poll(async () => (await audioState(audio)).paused, { timeout: 60_000 }).toBe(true);
  const stopped = (await audioState(audio)).currentTime;
  expect(demoPause(stopped), `paused at ${stopped}`).toBe(true);
  expect(stopped - due.currentTime).toBeLessThanOrEqual(90);
  await expect(countdown).toHaveText('Paused by the sleep timer. Sleep well.');

  // "+5 min" while a timer runs.
  await audio.evaluate((element: HTMLAudioElement) => (element.playbackRate = 1));
  await player.getByRole('button', { name: 'Play' }).click();
  await timer.selectOption('15');
  await expect(countdown).toHaveText(/^Pauses in 1[45]:\d\d$/);
  await player.getByRole('button', { name: '+5 min' }).click();
  await expect(countdown).toHaveText(/^Pauses in (20:00|19:5\d)$/);

  // Night mode, woken by a key: the focus is back in the player, Tab stays there, Escape closes it.
  await player.getByRole('button', { name: 'Night mode' }).click();
  await expect(player.getByRole('button', { name: /Night mode is on/ })).toBeFocused();
  // Tab leaves the black screen dark and the focus on it, not on a hidden control behind it.
  await page.keyboard.press('Tab');
  await expect(player.getByRole('button', { name: /Night mode is on/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(player.getByRole('button', { name: /Night mode is on/ })).toHaveCount(0);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeFocused();
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await player.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(player).toHaveCount(0);

  // The choice is remembered on the device: listen mode opens with it, after a reload too.
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await expect(player.getByLabel('Sleep timer')).toHaveValue('15');
  await page.reload();
  await page.getByRole('button', { name: 'Listen', exact: true }).click();
  await expect(player.getByLabel('Sleep timer')).toHaveValue('15');
  await expect(player.locator('.listen-timer-left')).toHaveText(/^Pauses in 1[45]:\d\d$/);
});
