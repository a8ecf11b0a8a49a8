import { expect, test, type BrowserContext } from '@playwright/test';
import { linkIn, mailsTo, waitForMailTo } from '@sleep-ritual/worker/outbox';
import { signInAsAdmin, toast } from '../support/admin.ts';
import { createAccountFromMail, deliverOrder } from '../support/checkout.ts';
import { e2eDb, uniqueEmail } from '../support/db.ts';
import { baseURL, e2eEnv, e2eOrigin } from '../support/env.ts';
import { unfinishedJobs } from '../support/queues.ts';

// The journeys that must work through whichever origin serves the system: CI runs this file (@core) a
// second time through nginx with production settings and two processes of each service and worker
// (`npm run test:e2e:nginx`).

const NIGHT_ONE = 'Arriving: Letting the Day Go';
const RITUAL_PATH = 'Six Nights to Deeper Sleep';

/** What the Content-Security-Policy refuses on this context's pages (an `eval` probe is one such). */
async function cspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => Promise<void> })
        .reportCspViolation;
      void report(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}

test('@core a visitor buys from the sales page, creates the account from the e-mail, watches Night 1 and sees an admin’s edit', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const adminViolations = await cspViolations(page.context());

  // The sales page leads to /join-now, whose button goes to the checkout.
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Start the 6 Night Program' }).first().click();
  await expect(page).toHaveURL(/\/join-now$/);
  await expect(page.getByRole('link', { name: 'Get Instant Access' })).toHaveAttribute(
    'href',
    /^https:\/\/sleepritual\.thrivecart\.com\//,
  );

  // The checkout's webhook, delivered twice at once as a retrying sender may: with several receivers
  // and workers the order is still provisioned once and mailed once.
  const email = uniqueEmail('core-buyer');
  const orderId = String(Date.now()).slice(-9);
  const deliveries = await Promise.all([
    deliverOrder(page.request, email, orderId),
    deliverOrder(page.request, email, orderId),
  ]);
  expect(deliveries.map((response) => response.status())).toEqual([200, 200]);
  const mail = await waitForMailTo(e2eEnv.OUTBOX_DIR, email, {
    matching: (candidate) => linkIn(candidate, '/create-account') !== undefined,
    timeoutMs: 20_000,
  });
  await expect.poll(unfinishedJobs, { timeout: 20_000, message: 'the workers finish the queues' }).toBe(0);
  const purchases = await e2eDb()('purchases').where({ thriveOrderId: orderId }).select('programId');
  expect(purchases).toEqual([{ programId: 1 }]);
  expect(await mailsTo(e2eEnv.OUTBOX_DIR, email)).toHaveLength(1);

  // The buyer opens the mailed link in a browser of their own and sets a password.
  const buyerContext = await browser.newContext({ baseURL });
  const buyerViolations = await cspViolations(buyerContext);
  const buyer = await buyerContext.newPage();
  await createAccountFromMail(buyer, mail, 'quiet-nights-42');

  // Tonight's class, Night 1, marked complete; a reload shows what the server stored.
  await buyer.getByRole('link', { name: `Tonight: Night 1 – ${NIGHT_ONE}` }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: NIGHT_ONE })).toBeVisible();
  await buyer.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(buyer.getByText("You've completed this class")).toBeVisible();
  const classUrl = buyer.url();
  await buyer.reload();
  await expect(buyer.getByText("You've completed this class")).toBeVisible();

  // An admin renames Night 1; the learner sees the new title. The demo title is put back afterwards,
  // whatever happens, for the other tests.
  const path = await e2eDb()('paths').where({ title: RITUAL_PATH }).first('id', 'phaseId');
  const night = await e2eDb()('classes').where({ pathId: path.id, title: NIGHT_ONE }).first('id');
  const renamed = `${NIGHT_ONE} (${Date.now().toString(36)})`;
  try {
    await signInAsAdmin(page, `/admin/programs/1/phases/${path.phaseId}/paths/${path.id}/classes`);
    await page.getByRole('button', { name: `Edit ${NIGHT_ONE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Class' });
    await dialog.getByLabel('Title', { exact: true }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Class updated successfully');

    await buyer.goto(classUrl);
    await expect(buyer.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  } finally {
    await e2eDb()('classes').where({ id: night.id }).update({ title: NIGHT_ONE });
    await buyerContext.close();
  }
  // Nothing either of them did needed what the policy forbids.
  expect(buyerViolations).toEqual([]);
  expect(adminViolations).toEqual([]);
});

test('@core static files come precompressed from the origin under test; hashed ones are cached for a year, pages are revalidated', async ({
  request,
}) => {
  const compressed = { 'accept-encoding': 'br, gzip' };
  const home = await request.get('/', { headers: compressed });
  expect(home.status()).toBe(200);
  // Through nginx (`npm run test:e2e:nginx`) nginx itself answers, without its version; the development
  // gateway names no server.
  expect(home.headers()['server']).toBe(e2eOrigin === 'nginx' ? 'nginx' : undefined);
  expect(home.headers()['content-encoding']).toBe('br');
  expect(home.headers()['cache-control']).toBe('no-cache');

  const shell = await request.get('/sign-in', { headers: compressed });
  expect(shell.headers()['cache-control']).toBe('no-cache');
  const script = /<script[^>]+src="(\/app\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1];
  expect(script, 'the members app shell loads a hashed script').toBeDefined();

  const bundle = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['content-encoding']).toBe('gzip');
  expect(bundle.headers()['cache-control']).toMatch(/max-age=31536000.*immutable/);
  expect(bundle.headers()['server']).toBe(home.headers()['server']);
});
