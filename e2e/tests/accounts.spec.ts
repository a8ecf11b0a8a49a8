import { expect, test } from '@playwright/test';
import { hashPassword } from '@sleep-ritual/platform/passwords';
import { waitForMailTo } from '@sleep-ritual/worker/outbox';
import {
  checkoutRedirectPath,
  e2eDb,
  mailedCreateAccountPath,
  provisionedBuyer,
  uniqueEmail,
} from '../support/db.ts';
import { e2eEnv } from '../support/env.ts';

const demo = { email: 'demo@sleepritual.example', password: 'sleep-well-tonight' };

test.describe('sign-in', () => {
  test('the demo learner signs in and lands on their programmes', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(demo.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-programs$/);
    await page.goto('/account');
    await expect(page.getByText(demo.email)).toBeVisible();
  });

  test('a wrong password shows the spec message and stays on the page', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(demo.email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('The email or password you entered is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the form checks its fields with the spec messages before calling the server', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter a valid email')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('signed-out visitors of member screens are sent to sign in; logout returns home', async ({ page }) => {
    // A browser that never signed in here is asked who it is, and nothing bound to answer 401 besides.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) asked.push(pathname);
    });
    await page.goto('/my-programs');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(asked).toEqual(['/api/user']);

    await page.goto('/account');
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel('Email').fill(demo.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-programs$/);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${new URL(page.url()).origin}/`);
    const me = await page.request.get('/api/user');
    expect(me.status()).toBe(401);
  });
});

test.describe('sign-in by e-mailed link', () => {
  test('a learner asks for a sign-in link and signs in with the link from the outbox, once', async ({
    page,
  }) => {
    const email = uniqueEmail('linked');
    await e2eDb()('users').insert({ email, username: email, password: await hashPassword('unused-pass-1') });

    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Sign-In Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(
      page.getByText("If an account with that email exists, we've sent you a sign-in link."),
    ).toBeVisible();

    const mail = await waitForMailTo(e2eEnv.OUTBOX_DIR, email, { timeoutMs: 15_000 });
    const link = /https?:\/\/[^\s"<]+\/sign-in\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/my-programs$/);
    expect(await (await page.request.get('/api/user')).json()).toMatchObject({ email });

    await page.request.post('/api/logout');
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Invalid Sign-In Link' })).toBeVisible();
  });
});

test.describe('password reset', () => {
  test('a learner resets their password through the e-mailed link and signs in with the new one', async ({
    page,
  }) => {
    const email = uniqueEmail('forgetful');
    await e2eDb()('users').insert({ email, username: email, password: await hashPassword('old-password-1') });

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(
      page.getByText("If an account with that email exists, we've sent you a password reset link."),
    ).toBeVisible();

    const mail = await waitForMailTo(e2eEnv.OUTBOX_DIR, email, { timeoutMs: 15_000 });
    const link = /https?:\/\/[^\s"<]+\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    // What the page's requests (its code, the link's check, the reset) send as their Referer.
    const referers: Promise<string | null>[] = [];
    page.on('request', (request) => referers.push(request.headerValue('referer')));
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm password', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    const token = new URL(link!).searchParams.get('token') ?? '';
    const sent = (await Promise.all(referers)).filter((referer) => referer !== null);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((referer) => referer.includes(token))).toEqual([]);
    page.removeAllListeners('request');
    await page.getByRole('link', { name: 'Continue to Sign In' }).click();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('new-password-2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-programs$/);

    // Opened again, the used link is refused as soon as the page opens: no form, a way to a new link.
    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Request a New Link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('a reset page without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a New Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

test.describe('account creation after purchase', () => {
  test("a buyer creates the account from the checkout's redirect; reopening it signed in leads to their programmes", async ({
    page,
  }) => {
    const buyer = await provisionedBuyer();
    await page.goto(checkoutRedirectPath(buyer));
    await expect(page.getByLabel('Email')).toHaveValue(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill('sleepy-nights');
    await page.getByLabel('Confirm password', { exact: true }).fill('sleepy-nights');
    await page.getByRole('button', { name: 'Create My Account' }).click();
    await expect(page).toHaveURL(/\/programs\/my-programs$/);
    expect(await (await page.request.get('/api/user')).json()).toMatchObject({ email: buyer.email });

    await page.goto(checkoutRedirectPath(buyer));
    await expect(page).toHaveURL(/\/my-programs$/);
    await page.goto(mailedCreateAccountPath(buyer));
    await expect(page).toHaveURL(/\/my-programs$/);
  });

  test('a buyer creates the account from the mailed link, and signed out sees "Account Already Exists" the second time', async ({
    page,
    browser,
  }) => {
    const buyer = await provisionedBuyer();
    await page.goto(mailedCreateAccountPath(buyer));
    await expect(page.getByLabel('Email')).toHaveValue(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill('sleepy-nights');
    await page.getByLabel('Confirm password', { exact: true }).fill('sleepy-nights');
    await page.getByRole('button', { name: 'Create My Account' }).click();
    await expect(page).toHaveURL(/\/programs\/my-programs$/);

    const elsewhere = await browser.newPage();
    await elsewhere.goto(`${new URL(page.url()).origin}${mailedCreateAccountPath(buyer)}`);
    await expect(elsewhere.getByRole('heading', { name: 'Account Already Exists' })).toBeVisible();
    await elsewhere.getByRole('link', { name: 'Go to Login' }).click();
    await expect(elsewhere).toHaveURL(/\/sign-in$/);
    await elsewhere.close();
  });

  test('a guessed bare order id says "Order Not Found" at once and shows nothing of the order', async ({
    page,
  }) => {
    const buyer = await provisionedBuyer();
    await page.goto(`/create-account?order_id=${buyer.orderId}`);
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(buyer.email)).toHaveCount(0);
  });

  test('mismatched passwords are refused with the spec message', async ({ page }) => {
    const buyer = await provisionedBuyer();
    await page.goto(checkoutRedirectPath(buyer));
    await page.getByLabel('Password', { exact: true }).fill('sleepy-nights');
    await page.getByLabel('Confirm password', { exact: true }).fill('sleepy-days');
    await page.getByRole('button', { name: 'Create My Account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
  });

  test('an unknown order says "Order Not Found" within 10 seconds', async ({ page }) => {
    await page.goto('/create-account?order_id=NO-SUCH-ORDER');
    await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible({ timeout: 10_000 });
  });

  test('a query without a recognised order id shows the account creation error', async ({ page }) => {
    await page.goto('/create-account?foo=bar');
    await expect(page.getByRole('heading', { name: 'Account Creation Error' })).toBeVisible();
  });

  test('test mode shows the banner and calls no server', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/create-account')) calls.push(request.url());
    });
    await page.goto('/create-account?test=true');
    await expect(page.getByText('Test Mode Active')).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('admin sign-in', () => {
  test('/admin asks for the admin password; a wrong one is refused, the right one opens it', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await page.getByLabel('Admin password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid password', { exact: true })).toBeVisible();
    await expect(page.getByText('Access denied')).toBeVisible();

    await page.getByLabel('Admin password', { exact: true }).fill(e2eEnv.ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Access granted')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toHaveCount(0);
  });

  test('an empty admin password gets "Password is required"', async ({ page }) => {
    await page.goto('/admin/programs');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
  });
});
