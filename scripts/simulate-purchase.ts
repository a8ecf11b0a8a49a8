// `npm run simulate:purchase -- --email buyer@example.com [--product ID ...] [--event order.success|order.refund]
//  [--order ORDER_ID] [--test] [--url URL]`: posts a form-encoded webhook to the running system the way
// ThriveCart does, then prints whether the worker provisioned the order, the mailed create-account link
// and the checkout's signed success-page redirect (the page a real buyer lands on after paying).
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ITEM_KEY_MESSAGE, itemKeySchema } from '@sleep-ritual/contracts/product-mappings';
import { isPurchaseEvent, PURCHASE_EVENTS } from '@sleep-ritual/contracts/webhook';
import { createAccountUrl } from '@sleep-ritual/platform/account-links';
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb } from '@sleep-ritual/platform/db';
import { ACCESS_STATUS, PURCHASE_STATUS } from '@sleep-ritual/platform/purchase-access';
import { signedRedirectQuery } from '@sleep-ritual/platform/thrivecart-redirect';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/webhooks/thrivecart-sample';

const USAGE = `usage: npm run simulate:purchase -- --email buyer@example.com [--product ID ...] [--event ${PURCHASE_EVENTS.join('|')}] [--order ORDER_ID] [--test] [--url URL]
  --product  an item as ThriveCart names it (product-1, bump-1, upsell-1; a bare number means product-N); repeatable; default product-1
  --order    the order id; required for order.refund (use the one printed by the purchase); default a new one
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
if (!isPurchaseEvent(args.event)) fail(`--event must be one of ${PURCHASE_EVENTS.join(', ')}`);
const items = (args.product ?? ['product-1']).map((product) => {
  const item = itemKeySchema.safeParse(product);
  return item.success ? item.data : fail(`--product ${product}: ${ITEM_KEY_MESSAGE}`);
});
if (args.event === 'order.refund' && !args.order)
  fail('--order is required for order.refund: pass the id of the order to refund');
const orderId = args.order ?? String(randomInt(100_000_000, 999_999_999));

const config = loadConfigOrExit();
const url = args.url ?? `http://localhost:${config.port}/api/webhooks/thrivecart`;
const fields = thrivecartOrderFields({
  secret: config.thrivecartSecret,
  event: args.event,
  orderId,
  email: email.data,
  items,
  test: args.test,
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

await reportProvisioning();

/** Watches the database for a few seconds to tell whether the worker acted on the order. */
async function reportProvisioning(): Promise<void> {
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
      process.stdout.write(`Create-account link: ${createAccountUrl(config, orderId, email.data!)}\n`);
      const redirect = signedRedirectQuery(config.thrivecartSecret, {
        order_id: orderId,
        customer: { email: email.data! },
      });
      process.stdout.write(`Checkout redirect: ${config.publicAppUrl}/create-account?${redirect}\n`);
      process.stdout.write(
        `Refund it with: npm run simulate:purchase -- --email ${email.data} --event order.refund --order ${orderId}\n`,
      );
    }
  } finally {
    await db.destroy();
  }
}
