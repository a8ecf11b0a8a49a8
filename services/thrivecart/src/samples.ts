/**
 * A webhook body shaped like the ones ThriveCart sends (form fields with bracketed keys, every value a
 * string, amounts in cents, a zero-padded invoice id), for the simulate and bench scripts and tests.
 */

export type SampleOrder = {
  secret: string;
  orderId: string;
  email: string;
  event?: string;
  firstName?: string;
  lastName?: string;
  /** Items as the purchase map names them; the first is the main product. Default: product-1. */
  items?: string[];
  test?: boolean;
  /** ThriveCart has sent both spellings of the customer's name fields. */
  nameFields?: 'first_name' | 'firstname';
  /** order.refund of one item of the order (`bump-1`); without it a refund covers the whole order. */
  refundItem?: string;
};

/** What the demo checkout charges, in cents: the ritual at its sale price ($37), the $17 add-on, the upsells. */
const PRICES: Record<string, number> = { product: 3700, bump: 1700, upsell: 34900, downsell: 19700 };

export function thrivecartOrderFields(order: SampleOrder): Record<string, string> {
  const items = order.items ?? ['product-1'];
  const [base] = items;
  const baseId = base?.split('-')[1] ?? '1';
  const amounts = items.map((item) => PRICES[item.split('-')[0] ?? item] ?? 1000);
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  const nameField = order.nameFields ?? 'first_name';
  const lastField = nameField === 'first_name' ? 'last_name' : 'lastname';
  const firstName = order.firstName ?? 'Sam';
  const lastName = order.lastName ?? 'Buyer';
  const fields: Record<string, string> = {
    event: order.event ?? 'order.success',
    mode: order.test ? 'test' : 'live',
    mode_int: order.test ? '1' : '2',
    thrivecart_account: 'sleepritual',
    thrivecart_secret: order.secret,
    base_product: baseId,
    base_product_name: 'The 6-Night Sleep Meditation Ritual',
    order_id: order.orderId,
    invoice_id: order.orderId.replace(/\D/g, '').slice(-9).padStart(9, '0'),
    order_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
    order_timestamp: String(Math.floor(Date.now() / 1000)),
    currency: 'USD',
    customer_id: '7001',
    'customer[id]': '7001',
    'customer[email]': order.email,
    [`customer[${nameField}]`]: firstName,
    [`customer[${lastField}]`]: lastName,
    'customer[name]': `${firstName} ${lastName}`,
    'customer[address][country]': 'US',
    'order[id]': order.orderId,
    'order[processor]': 'stripe',
    'order[total]': String(total),
    'order[total_str]': (total / 100).toFixed(2),
    'order[tax]': '0',
    purchase_map_flat: items.join(','),
    accessible_purchase_map_flat: items.join(','),
    'fulfillment[type]': 'url',
    'fulfillment[url]': 'https://sleepritual.example/thank-you',
  };
  items.forEach((item, index) => {
    const [type, id] = item.split('-');
    fields[`order[charges][${index}][name]`] = `Item ${item}`;
    fields[`order[charges][${index}][reference]`] = id ?? '';
    fields[`order[charges][${index}][item_type]`] = type ?? '';
    fields[`order[charges][${index}][item_id]`] = id ?? '';
    fields[`order[charges][${index}][amount]`] = String(amounts[index]);
    fields[`order[charges][${index}][quantity]`] = '1';
    fields[`order[charges][${index}][type]`] = 'single';
    fields[`purchases[${index}]`] = `Item ${item}`;
    fields[`purchase_map[${index}]`] = item;
    fields[`accessible_purchase_map[${index}]`] = item;
  });
  if (order.event === 'order.refund' && order.refundItem) {
    const [type, id] = order.refundItem.split('-');
    fields['refund[type]'] = type ?? '';
    fields['refund[id]'] = id ?? '';
    fields['refund[reference]'] = id ?? '';
    fields['refund[amount]'] = String(PRICES[type ?? ''] ?? 1000);
    fields['refund[date]'] = new Date().toISOString().slice(0, 19).replace('T', ' ');
  } else if (order.event === 'order.refund') {
    fields['refund[amount]'] = String(total);
    fields['refund[type]'] = 'full';
  }
  return fields;
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export type SamplePlanEvent = {
  secret: string;
  /** The order the plan was bought with. */
  orderId: string;
  email: string;
  event:
    | 'order.subscription_payment'
    | 'order.rebill_failed'
    | 'order.subscription_cancelled'
    | 'order.subscription_paused'
    | 'order.subscription_resumed';
  /** The item the plan pays for, as the purchase map names it. Default: product-1. */
  item?: string;
  /** The instalment's invoice. Default: the order's invoice with `-2`, the first rebill. */
  invoiceId?: string;
  /** ThriveCart's time of the event. Default: now. */
  at?: Date;
  test?: boolean;
};

/**
 * A payment-plan event as ThriveCart's webhook sends it: the order it belongs to, the customer, the plan's
 * item (`subscription[type]` product/upsell/downsell and `subscription[id]`), the instalment and the
 * event's time (`date_unix`, `date_iso8601`); the original order's own date is carried as well.
 */
export function thrivecartPlanEventFields(plan: SamplePlanEvent): Record<string, string> {
  const [type, id] = (plan.item ?? 'product-1').split('-');
  const at = plan.at ?? new Date();
  const orderInvoice = plan.orderId.replace(/\D/g, '').slice(-9).padStart(9, '0');
  const amount = PRICES[type ?? ''] ?? 1000;
  return {
    event: plan.event,
    mode: plan.test ? 'test' : 'live',
    mode_int: plan.test ? '1' : '2',
    thrivecart_account: 'sleepritual',
    thrivecart_secret: plan.secret,
    base_product: type === 'product' ? (id ?? '1') : '1',
    base_product_name: 'The 6-Night Sleep Meditation Ritual',
    order_id: plan.orderId,
    invoice_id: plan.invoiceId ?? `${orderInvoice}-2`,
    order_date: '2026-10-01 20:00:00',
    order_timestamp: String(Date.UTC(2026, 9, 1, 20) / 1000),
    date_unix: String(Math.floor(at.getTime() / 1000)),
    date_iso8601: at.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
    currency: 'USD',
    customer_id: '7001',
    'customer[id]': '7001',
    'customer[email]': plan.email,
    'customer[first_name]': 'Sam',
    'customer[last_name]': 'Buyer',
    'customer[name]': 'Sam Buyer',
    'subscription[type]': type ?? 'product',
    'subscription[id]': id ?? '1',
    'subscription[amount]': String(amount),
    'subscription[frequency]': 'month',
    'order[id]': plan.orderId,
    'order[total]': String(amount),
  };
}
