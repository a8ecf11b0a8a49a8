// `npm run simulate:purchase -- --email buyer@example.com [--product ID ...] [--event order.success|order.refund|…]
//  [--order ORDER_ID] [--refund-item ITEM] [--days-ago N] [--redirect] [--test] [--url URL]`: posts a form-encoded webhook to the
// running system the way ThriveCart does, then prints the create-account link and whether the worker provisioned the order
// (or, for a payment-plan event, the plan state and access of the order's purchases).
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  isPlanEvent,
  isPurchaseEvent,
  ITEM_KEY_MESSAGE,
  itemKeySchema,
  PURCHASE_EVENTS,
} from '@sleep-ritual/contracts/purchases';
import { createAccountUrl } from '@sleep-ritual/auth/tokens/account-links';
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb } from '@sleep-ritual/platform/db';
import { ACCESS_STATUS, givesAccessSql, PURCHASE_STATUS } from '@sleep-ritual/learning/purchase-access';
import { signedRedirectQuery } from '@sleep-ritual/thrivecart/redirect';
import { formBody, thrivecartOrderFields, thrivecartPlanEventFields } from '@sleep-ritual/thrivecart/samples';

const USAGE = `usage: npm run simulate:purchase -- --email buyer@example.com [--product ID ...] [--event ${PURCHASE_EVENTS.join('|')}] [--order ORDER_ID] [--refund-item ITEM] [--days-ago N] [--redirect] [--test] [--url URL]
  --product  an item as ThriveCart names it (product-1, bump-1, upsell-1; a bare number means product-N); repeatable; default product-1;
             for a payment-plan event (order.rebill_failed, …), the item the plan pays for
  --order    the order id; required for order.refund and payment-plan events (use the one printed by the purchase); default a new one
  --days-ago with a payment-plan event: date it this many days back (e.g. 8 for a failed instalment past its grace); default 0
  --refund-item  with order.refund: refund only this item of the order (bump-1, upsell-1, …); default the whole order
  --redirect     also print the signed success-page URL ThriveCart would send the buyer to (thrivecart_hash included)
  --test     mark the order as a ThriveCart test-mode order
  --url      the webhook address; default the local gateway's /api/webhooks/thrivecart`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(1);
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        product: { type: 'string', multiple: true },
        event: { type: 'string', default: 'order.success' },
        order: { type: 'string' },
        'refund-item': { type: 'string' },
        'days-ago': { type: 'string', default: '0' },
        redirect: { type: 'boolean', default: false },
        test: { type: 'boolean', default: false },
        url: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return fail((error as Error).message);
  }
}

const args = readArgs();
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const email = z.email().safeParse(args.email?.trim());
if (!email.success) fail('--email must be an e-mail address');
const buyerEmail = email.data;
if (!isPurchaseEvent(args.event)) fail(`--event must be one of ${PURCHASE_EVENTS.join(', ')}`);
const items = (args.product ?? ['product-1']).map((product) => {
  const item = itemKeySchema.safeParse(product);
  return item.success ? item.data : fail(`--product ${product}: ${ITEM_KEY_MESSAGE}`);
});
if ((args.event === 'order.refund' || isPlanEvent(args.event)) && !args.order)
  fail(`--order is required for ${args.event}: pass the id of the order it concerns`);
const daysAgo = Number(args['days-ago']);
if (!Number.isFinite(daysAgo) || daysAgo < 0) fail('--days-ago must be a number of days, 0 or more');
const refundItem =
  args['refund-item'] === undefined ? undefined : itemKeySchema.safeParse(args['refund-item']);
if (refundItem && !refundItem.success) fail(`--refund-item ${args['refund-item']}: ${ITEM_KEY_MESSAGE}`);
if (refundItem && args.event !== 'order.refund') fail('--refund-item goes with --event order.refund');
const orderId = args.order ?? String(randomInt(100_000_000, 999_999_999));

const config = loadConfigOrExit();
const url = args.url ?? `http://localhost:${config.port}/api/webhooks/thrivecart`;
const fields = isPlanEvent(args.event)
  ? thrivecartPlanEventFields({
      secret: config.thrivecartSecret,
      event: args.event,
      orderId,
      email: email.data,
      item: items[0],
      at: new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000),
      test: args.test,
    })
  : thrivecartOrderFields({
      secret: config.thrivecartSecret,
      event: args.event,
      orderId,
      email: email.data,
      items,
      test: args.test,
      ...(refundItem?.success ? { refundItem: refundItem.data } : {}),
    });

let response: Response;
try {
  response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: formBody(fields),
  });
} catch (error) {
  fail(`Could not reach ${url} (${(error as Error).message}). Is the system running (npm start)?`);
}
const answer = await response.text();
process.stdout.write(
  `POST ${url} (${args.event}, order ${orderId}, ${items.join(', ')}) → ${response.status} ${answer}\n`,
);
if (!response.ok) process.exit(1);
if (args.redirect) printRedirect();

await reportProvisioning();

/**
 * The success-page URL ThriveCart sends the buyer to after paying, signed with the secret word the way
 * its help page describes (the whole thrivecart[...] array and thrivecart_hash).
 */
function printRedirect(): void {
  // The items are item keys (product-N, …) and the fields the webhook's, which carry both of these.
  const baseProduct = items[0]?.split('-')[1];
  const { invoice_id: invoiceId, 'order[total]': orderTotal } = fields;
  if (baseProduct === undefined || invoiceId === undefined || orderTotal === undefined)
    fail('the webhook fields lack the invoice id or order total a redirect needs');
  const query = signedRedirectQuery(config.thrivecartSecret, {
    account_name: 'sleepritual',
    base_product: baseProduct,
    customer: { email: buyerEmail, name: 'Sam Buyer' },
    invoice_id: invoiceId,
    order: items.map((item) => ({ id: orderId, item })),
    order_currency: 'USD',
    order_id: orderId,
    order_total: orderTotal,
  });
  process.stdout.write(
    `Success-page redirect: ${new URL(`/create-account?${query}`, config.publicAppUrl)}\n`,
  );
}

/** Watches the database for a few seconds to tell whether the worker acted on the order. */
async function reportProvisioning(): Promise<void> {
  if (refundItem?.success) return reportItemRefund(refundItem.data);
  if (isPlanEvent(args.event)) return reportPlan();
  const wanted = args.event === 'order.refund' ? PURCHASE_STATUS.refunded : ACCESS_STATUS;
  const db = createDb(config.databaseUrl, { min: 0, max: 1 });
  try {
    const deadline = Date.now() + 10_000;
    let rows: { title: string; status: string }[] = [];
    while (Date.now() < deadline) {
      rows = await db('purchases')
        .join('programs', 'programs.id', 'purchases.programId')
        .where('purchases.thriveOrderId', orderId)
        .select('programs.title', 'purchases.status');
      if (rows.length > 0 && rows.every((row) => row.status === wanted)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (rows.length === 0 || rows.some((row) => row.status !== wanted)) {
      process.stdout.write(
        `The order is not ${wanted} yet. Is the worker running, and are the items mapped to programmes (GET /api/admin/product-mappings)?\n`,
      );
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      `${wanted === ACCESS_STATUS ? 'Provisioned' : 'Refunded'}: ${rows.map((row) => row.title).join(', ')}\n`,
    );
    if (wanted === ACCESS_STATUS) {
      process.stdout.write(`Create-account link: ${createAccountUrl(config, orderId, buyerEmail)}\n`);
      process.stdout.write(
        `Refund it with: npm run simulate:purchase -- --email ${email.data} --event order.refund --order ${orderId}\n`,
      );
    }
  } finally {
    await db.destroy();
  }
}

/** After a refund of one item: the order's programmes and which of them still give access. */
async function reportItemRefund(item: string): Promise<void> {
  const db = createDb(config.databaseUrl, { min: 0, max: 1 });
  try {
    const deadline = Date.now() + 10_000;
    let rows: { title: string; status: string; refundedItems: string[] }[] = [];
    while (Date.now() < deadline) {
      rows = await db('purchases')
        .join('programs', 'programs.id', 'purchases.programId')
        .where('purchases.thriveOrderId', orderId)
        .select('programs.title', 'purchases.status', 'purchases.refundedItems');
      if (rows.some((row) => row.refundedItems.includes(item))) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!rows.some((row) => row.refundedItems.includes(item))) {
      process.stdout.write(
        `No purchase of order ${orderId} records ${item} as refunded yet. Is the worker running?\n`,
      );
      process.exitCode = 1;
      return;
    }
    for (const row of rows) process.stdout.write(`${row.title}: ${row.status}\n`);
  } finally {
    await db.destroy();
  }
}

/** After a payment-plan event: once its job is done, each purchase of the order, its plan and its access. */
async function reportPlan(): Promise<void> {
  const db = createDb(config.databaseUrl, { min: 0, max: 1 });
  try {
    const read = () =>
      db('purchases')
        .join('programs', 'programs.id', 'purchases.programId')
        .where('purchases.thriveOrderId', orderId)
        .select(
          'programs.title',
          'purchases.planStatus',
          'purchases.graceEndsAt',
          db.raw(`${givesAccessSql('purchases')} as "hasAccess"`),
        );
    const deadline = Date.now() + 10_000;
    let rows = await read();
    while (Date.now() < deadline && !rows.some((row) => row.planStatus !== null)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await read();
    }
    if (!rows.some((row) => row.planStatus !== null)) {
      process.stdout.write(
        `No purchase of order ${orderId} records a payment plan yet. Is the worker running, and does --product name the item the plan pays for?\n`,
      );
      process.exitCode = 1;
      return;
    }
    for (const row of rows)
      process.stdout.write(
        `${row.title}: plan ${row.planStatus ?? 'none'}, ${row.hasAccess ? 'has access' : 'no access'}${row.graceEndsAt ? ` (grace ${row.hasAccess ? 'ends' : 'ended'} ${new Date(row.graceEndsAt).toISOString()})` : ''}\n`,
      );
  } finally {
    await db.destroy();
  }
}
