import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, type OutboxMail } from '@sleep-ritual/worker/outbox';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { e2eEnv } from './env.ts';

/** ThriveCart's form-encoded order.success for product-1, posted to the origin as the checkout does. */
export function deliverOrder(request: APIRequestContext, email: string, orderId: string) {
  const fields = thrivecartOrderFields({
    secret: e2eEnv.THRIVECART_SECRET,
    orderId,
    email,
    items: ['product-1'],
    firstName: 'Wren',
  });
  return request.post('/api/webhooks/thrivecart', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: formBody(fields),
  });
}

/** The buyer opens the mailed create-account link, sets a password and lands on their programmes. */
export async function createAccountFromMail(page: Page, mail: OutboxMail, password: string) {
  const link = linkIn(mail, '/create-account')!;
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel('Email')).toHaveValue(mail.to);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create My Account' }).click();
  await expect(page).toHaveURL(/\/programs\/my-programs$/);
}
