import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { e2eDb } from '../support/db.ts';
import { nights, signedInBuyerOf } from '../support/learners.ts';

// In bed, on a phone: 375 px.
test.use({ viewport: { width: 375, height: 740 } });

type SentEvent = { position_sec: number; duration_sec: number; event_type: string };
/** A progress request as the network saw it; a beacon's body is not visible there (null). */
type ProgressCall = { method: string; event: SentEvent | null };

const audioState = (audio: Locator) =>
  audio.evaluate((element: HTMLAudioElement) => ({
    paused: element.paused,
    currentTime: element.currentTime,
    duration: element.duration,
    volume: element.volume,
  }));

test('a night with audio opens in listen mode, plays its generated track, fades and pauses on a 15-minute sleep timer, goes dark and wakes, sends every progress event to the end of the track, and the path shows it completed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The sleep timer runs on the page's clock, which the test moves on; the track itself plays for real.
  await page.clock.install();
  const learner = await signedInBuyerOf(page, 1);
  const { pathId, classIds } = await nights();
  const nightOne = classIds[0]!;

  const progress: ProgressCall[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== `/api/progress/${nightOne}`) return;
    progress.push({ method: request.method(), event: JSON.parse(request.postData() ?? 'null') });
  });
  const eventTypes = () => progress.map((call) => call.event?.event_type);
  // The browser does not show a beacon's body to the test, so the page keeps a copy of what it hands over.
  await page.addInitScript(() => {
    const sent: string[] = [];
    Object.assign(window, { sentBeacons: sent });
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (data instanceof Blob) void data.text().then((text) => sent.push(text));
      return send(url, data);
    };
  });

  await page.goto(`/program/1/path/${pathId}/class/${nightOne}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Arriving: Letting the Day Go' })).toBeVisible();
  // Listen is the first choice; the video stays available below it.
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  const video = page.getByTestId('class-video');
  await expect(video).toBeVisible();
  expect((await listen.boundingBox())!.y).toBeLessThan((await video.boundingBox())!.y);

  await listen.click();
  const player = page.getByRole('dialog', { name: 'Arriving: Letting the Day Go' });
  await expect(player).toBeVisible();
  // Full screen and dark, the video gone meanwhile.
  expect(await player.boundingBox()).toEqual({ x: 0, y: 0, width: 375, height: 740 });
  expect(await player.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(3, 5, 13)');
  await expect(video).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The demo's generated track of the night's 16 minutes, served by us, playing.
  const audio = player.getByTestId('listen-audio');
  await expect(audio).toHaveAttribute('src', '/media/demo/night-1.wav');
  await expect.poll(async () => (await audioState(audio)).duration).toBe(960);
  await expect
    .poll(async () => (await audioState(audio)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(1);
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(player.getByText('−15:', { exact: false })).toBeVisible();

  // The spec's events as from the video: play at the start, then session_start once 3 s have played
  // (at normal speed, so it says where the track was when it was sent).
  await expect.poll(eventTypes, { timeout: 10_000 }).toContain('session_start');
  expect(progress.slice(0, 2).map((call) => [call.method, call.event?.event_type])).toEqual([
    ['PUT', 'play'],
    ['PUT', 'session_start'],
  ]);
  expect(progress[0]!.event).toMatchObject({ position_sec: 0, duration_sec: 960 });
  const sessionStart = progress[1]!.event!.position_sec;
  expect(sessionStart, 'session_start waits for 3 s of playback').toBeGreaterThanOrEqual(3);
  expect(sessionStart, 'session_start comes once 3 s have played').toBeLessThanOrEqual(5);
  // A timeupdate after 30 s of listening: eight times the speed, so 30 s of the track take seconds (the
  // tracker measures the track's own time).
  await audio.evaluate((element: HTMLAudioElement) => (element.playbackRate = 8));
  await expect.poll(eventTypes, { timeout: 20_000 }).toContain('timeupdate');
  await audio.evaluate((element: HTMLAudioElement) => (element.playbackRate = 1));
  expect(eventTypes().filter((type) => type === 'session_start')).toHaveLength(1);

  // A 15-minute sleep timer: full volume until its last 30 s, a fade, then a pause.
  await player.getByLabel('Sleep timer').selectOption('15');
  const countdown = player.locator('.listen-timer-left');
  await expect(countdown).toHaveText(/^Pauses in 1[45]:\d\d$/);
  await page.clock.runFor(14 * 60_000);
  expect((await audioState(audio)).volume).toBe(1);
  await page.clock.runFor(45_000);
  // The page's clock also runs on in real time: on a loaded machine more than 14:45 may have passed.
  await expect(countdown).toHaveText(/^Fading out · 0:(0\d|1[0-5])$/);
  const fading = await audioState(audio);
  expect(fading.paused).toBe(false);
  expect(fading.volume).toBeGreaterThan(0);
  expect(fading.volume).toBeLessThan(0.6);

  await page.clock.runFor(30_000);
  await expect.poll(async () => (await audioState(audio)).paused).toBe(true);
  expect((await audioState(audio)).volume).toBe(1);
  await expect(countdown).toHaveText('Paused by the sleep timer. Sleep well.');
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(player.getByLabel('Sleep timer')).toHaveValue('off');
  await expect.poll(eventTypes).toContain('pause');

  // Night mode: one tap and the whole screen is black, nothing of the player showing.
  await player.getByRole('button', { name: 'Night mode' }).click();
  const night = player.getByRole('button', { name: /Night mode is on/ });
  await expect(night).toBeVisible();
  await expect(player.getByRole('button', { name: 'Play' })).toBeHidden();
  const dark = await page.evaluate(() =>
    [
      [1, 1],
      [187, 370],
      [374, 739],
      [187, 40],
    ].map(([x, y]) => {
      const element = document.elementFromPoint(x!, y!)!;
      return `${element.className} ${getComputedStyle(element).backgroundColor}`;
    }),
  );
  expect(dark).toEqual(Array(4).fill('listen-night rgb(0, 0, 0)'));
  // Any tap wakes it.
  await page.mouse.click(300, 600);
  await expect(night).toHaveCount(0);
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

  // Listening on to the end of the track sends ended, at the track's full length.
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
  await audio.evaluate((element: HTMLAudioElement) => {
    element.playbackRate = 4;
    element.currentTime = element.duration - 2;
  });
  await expect.poll(eventTypes, { timeout: 10_000 }).toContain('ended');
  expect(progress.find((call) => call.event?.event_type === 'ended')).toMatchObject({
    method: 'PUT',
    event: { position_sec: 960, duration_sec: 960 },
  });
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();

  // Leaving listen mode sends exit by beacon (a POST), with where the learner got to.
  await player.getByRole('button', { name: /Close listen mode/ }).click();
  await expect(player).toHaveCount(0);
  await expect.poll(() => progress.filter((call) => call.method === 'POST').length).toBe(1);
  // The page reads a beacon's body asynchronously, so its copy may follow the request.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sentBeacons: string[] }).sentBeacons.length))
    .toBe(1);
  const beacons = await page.evaluate(
    () =>
      (window as unknown as { sentBeacons: string[] }).sentBeacons.map((body) =>
        JSON.parse(body),
      ) as SentEvent[],
  );
  expect(beacons.map((event) => event.event_type)).toEqual(['exit']);
  expect(beacons[0]).toEqual({ position_sec: 960, duration_sec: 960, event_type: 'exit' });
  await expect(listen).toBeFocused();

  // The path shows the night completed, and the server counts the listener's one play.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  const row = page.locator('.class-row').filter({ hasText: 'Arriving: Letting the Day Go' });
  await expect(row.getByText('Completed')).toBeVisible();
  const stored = await e2eDb()('user_progress')
    .join('users', 'users.id', 'user_progress.userId')
    .where({ 'users.email': learner.email, 'user_progress.classId': nightOne })
    .first(
      'user_progress.maxPositionSec',
      'user_progress.totalPlays',
      'user_progress.durationSeconds',
      'user_progress.completed',
    );
  expect(stored).toEqual({ durationSeconds: 960, totalPlays: 1, maxPositionSec: 960, completed: true });
});

test('listen mode at 320 px: nothing overflows or needs scrolling, axe finds no violations, the keyboard stays inside, Escape and Back leave', async ({
  page,
}) => {
  await signedInBuyerOf(page, 1);
  const { pathId, classIds } = await nights();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(`/program/1/path/${pathId}/class/${classIds[1]}`);
  const listen = page.getByRole('button', { name: 'Listen', exact: true });
  await listen.click();
  const player = page.getByRole('dialog', { name: 'The Breath That Slows the Heart' });
  await expect(player.getByRole('button', { name: 'Pause' })).toBeFocused();
  await expect(player.getByText('−17:', { exact: false })).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const control of ['Back 15 seconds', 'Pause', 'Night mode']) {
    const box = (await player.getByRole('button', { name: control }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    expect(Math.min(box.width, box.height), control).toBeGreaterThanOrEqual(44);
  }
  // In bed, nothing needs scrolling for: every control and the sleep timer are on the screen, and so
  // they stay with the transcript open, which takes the room the rest leaves.
  const inView = async (controls: Locator[]) => {
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.y, String(control)).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, String(control)).toBeLessThanOrEqual(640);
    }
  };
  const always = [
    player.getByRole('button', { name: 'Close listen mode' }),
    player.getByRole('button', { name: 'Back 15 seconds' }),
    player.getByRole('button', { name: 'Pause' }),
    player.getByLabel('Sleep timer'),
  ];
  await inView([
    ...always,
    player.getByRole('button', { name: 'Watch the video instead' }),
    player.getByRole('button', { name: 'Save for offline' }),
  ]);
  // So they are with a sleep timer running (a choice remembered from last night): "+5 min" and the
  // countdown too. The top bar is one row.
  await player.getByLabel('Sleep timer').selectOption({ label: '15 minutes' });
  await expect(player.getByText(/^Pauses in 1[45]:/)).toBeVisible();
  await inView([
    ...always,
    player.getByRole('button', { name: '+5 min' }),
    player.getByText(/^Pauses in 1[45]:/),
    player.getByRole('button', { name: 'Watch the video instead' }),
    player.getByRole('button', { name: 'Save for offline' }),
  ]);
  const rowOf = async (name: string) => (await player.getByRole('button', { name }).boundingBox())!.y;
  expect(await rowOf('Night mode')).toBe(await rowOf('Close listen mode'));
  expect(await rowOf('Transcript')).toBe(await rowOf('Close listen mode'));
  await player.getByRole('button', { name: 'Transcript' }).click();
  const transcript = player.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('listitem').first()).toBeVisible();
  await inView([...always, transcript]);
  expect((await transcript.boundingBox())!.height).toBeGreaterThanOrEqual(90);
  await player.getByRole('button', { name: 'Transcript' }).click();
  const results = await new AxeBuilder({ page }).include('.listen-mode').analyze();
  expect(results.violations.map((violation) => violation.id)).toEqual([]);

  // Tab goes round the player's controls only.
  for (let step = 0; step < 12; step += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.listen-mode') !== null)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(player).toHaveCount(0);
  await expect(listen).toBeFocused();

  // A phone's back gesture closes the player and keeps the night's page.
  const night = page.url();
  await listen.click();
  await expect(player).toBeVisible();
  await page.goBack();
  await expect(player).toHaveCount(0);
  expect(page.url()).toBe(night);
  await expect(listen).toBeVisible();
});

test("a night's track plays only to its owner: a visitor who is not signed in is refused it", async ({
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL });
  try {
    const refused = await visitor.get('/media/demo/night-1.wav', { headers: { range: 'bytes=0-43' } });
    expect(refused.status()).toBe(401);
  } finally {
    await visitor.dispose();
  }
});
