import { z } from 'zod';
import { emailAddressSchema } from '@sleep-ritual/contracts/auth';
import {
  isPlanEvent,
  itemKeySchema,
  PURCHASE_EVENTS,
  type PlanEventName,
  type PurchaseEventName,
} from '@sleep-ritual/contracts/purchases';

/**
 * The checkout webhook body (admin/data spec §3) as ThriveCart really sends it: form-encoded with
 * PHP-style bracketed keys (already nested into objects by the receiver) or JSON, where every value
 * may be a string. The schema turns it into one plain purchase event, the data of a queued job. The
 * names of the events acted on are the contracts' (`@sleep-ritual/contracts/purchases`), since the admin
 * contracts list them too; the receiver's answer is `WebhookAck`, below.
 */

/**
 * What a buyer types into the checkout must never stop their access: PostgreSQL cannot store NUL in
 * text, and other control characters have no place in a name, so they are dropped (tab, line breaks
 * become spaces) and lone surrogates become U+FFFD.
 */
export function storableText(value: string): string {
  return (
    value
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/[\t\n\r]/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
  );
}

/** Numbers and strings alike become trimmed, storable strings; an empty one counts as absent. */
function scalar(value: unknown): unknown {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return value;
  const trimmed = storableText(value).trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A list sent as a JSON array, as `map[0]=…&map[1]=…`, or as one comma-separated string. */
function list(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'string')
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  if (typeof value === 'object') return 'id' in value ? [value] : Object.values(value);
  return value;
}

/**
 * What the buyer typed, cut to what the column holds (`max` characters, whole code points) rather than
 * refused: a 400 would lose a paid order, which ThriveCart does not send again.
 */
const optionalText = (max: number) =>
  z.preprocess((value) => {
    const text = scalar(value);
    return typeof text === 'string' ? Array.from(text).slice(0, max).join('').trim() : text;
  }, z.string().optional());

const flag = z.preprocess(
  scalar,
  z
    .string()
    .optional()
    .transform((value) =>
      value === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()),
    ),
);

/** ThriveCart's order id (`order_id`), as text. */
export const orderIdSchema = z.preprocess(
  scalar,
  z
    .string({ error: 'order_id is required' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'order_id must be at most 64 letters, digits, hyphens or underscores'),
);

const customerSchema = z.object(
  {
    // Trimmed, never cleaned: an address with a control character in it is no address, while the same
    // character dropped would make it someone else's.
    email: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : scalar(value)),
      emailAddressSchema('customer[email] must be a valid e-mail address'),
    ),
    first_name: optionalText(255),
    last_name: optionalText(255),
    firstname: optionalText(255),
    lastname: optionalText(255),
    name: optionalText(511),
  },
  { error: 'customer[email] is required' },
);

/**
 * Item lists are read entry by entry: an entry of a kind this system does not know (ThriveCart may add
 * kinds) is kept aside and reported rather than refusing the whole order.
 */
const itemListSchema = z.preprocess(list, z.array(z.unknown()).optional());

/** Amounts are whole cents ("1700" is $17.00); anything else is left out rather than refused. */
const cents = z.preprocess((value) => {
  const text = scalar(value);
  return typeof text === 'string' && /^\d{1,12}$/.test(text) ? Number(text) : undefined;
}, z.number().int().optional());

/** Quantities arrive as strings too, and parse like amounts. */
const wholeNumber = cents;

/** A product entry: id, optional name, price (cents) and quantity (spec 001 §3). */
const productEntrySchema = z.object(
  { id: z.unknown(), name: optionalText(255), price: cents, quantity: wholeNumber },
  { error: 'Each product needs an id' },
);

const bodySchema = z.object({
  // Checked in constant time before the body is validated; listed here because the body carries it.
  thrivecart_secret: z.string().optional(),
  event: z.enum(PURCHASE_EVENTS, { error: `event must be one of ${PURCHASE_EVENTS.join(', ')}` }),
  order_id: orderIdSchema,
  // Zero-padded ("000000123"): kept as the string it is.
  invoice_id: optionalText(64),
  test: flag,
  mode: optionalText(16),
  mode_int: optionalText(4),
  customer: customerSchema.optional(),
  accessible_purchase_map: itemListSchema,
  accessible_purchase_map_flat: itemListSchema,
  purchase_map: itemListSchema,
  purchase_map_flat: itemListSchema,
  product: productEntrySchema.optional(),
  products: z.preprocess(list, z.array(productEntrySchema).optional()),
  base_product: z.unknown().optional(),
  order: z
    .looseObject({ total: cents, charges: z.preprocess(list, z.array(z.unknown()).optional()) })
    .optional(),
  // order.refund: which item was refunded (`refund[type]` product/bump/upsell/downsell, `refund[id]`),
  // the charge's `reference`, and the amount; a full refund covers the whole order.
  refund: z
    .looseObject({ type: optionalText(32), id: optionalText(32), reference: optionalText(64), amount: cents })
    .optional(),
  // Plan events: the item the plan pays for (`subscription[type]` product/upsell/downsell with
  // `subscription[id]`), and the event's own time when ThriveCart sends one.
  subscription: z.looseObject({ type: optionalText(32), id: optionalText(32) }).optional(),
  date_unix: cents,
  date_iso8601: optionalText(40),
});
type WebhookBody = z.infer<typeof bodySchema>;

/** What the receiver answers to every accepted POST. */
export const webhookAckSchema = z.object({
  received: z.literal(true),
  queued: z.boolean(),
  jobId: z.string().optional(),
  /** Entries of the order's item lists of no known kind: queued with the order, reported, not granted. */
  unrecognizedItems: z.array(z.string()).optional(),
});
export type WebhookAck = z.infer<typeof webhookAckSchema>;

export type PurchaseCustomer = { email: string; firstName: string | null; lastName: string | null };

/** The kinds of item a refund can name (`refund[type]`). */
export const REFUNDABLE_KINDS = ['product', 'bump', 'upsell', 'downsell'] as const;
export type RefundableKind = (typeof REFUNDABLE_KINDS)[number];

/**
 * What an order.refund takes back: the whole order, one item of it (`bump-12`), or the order's item of a
 * kind when the refund names its kind but no item the receiver can find (the worker, which knows the
 * order's items, takes it only when the order has exactly one of that kind).
 */
export type PurchaseRefund =
  { scope: 'order' } | { scope: 'item'; item: string } | { scope: 'kind'; kind: RefundableKind };

/** One purchase event as the worker receives it: no secret, every item named `kind-N`. */
export type PurchaseEvent = {
  event: PurchaseEventName;
  orderId: string;
  invoiceId: string | null;
  test: boolean;
  customer: PurchaseCustomer | null;
  items: string[];
  totalCents: number | null;
  /** Entries of the order's item lists that name no known kind of item (kept, reported, not granted). */
  unrecognizedItems?: string[];
  /** order.refund only; absent means the whole order (as jobs queued before per-item refunds). */
  refund?: PurchaseRefund;
  /** Plan events only. */
  plan?: PlanChange;
};

/**
 * What a plan event is about: the item the plan pays for (`upsell-2`; null when the event names none:
 * every purchase of the order), ThriveCart's time of the event when it sent one, and when this system
 * received it (ISO 8601). The event counts as happening at the earlier of the two.
 */
export type PlanChange = { item: string | null; at: string | null; receivedAt: string };

export const purchaseEventSchema = bodySchema.transform((body, ctx): PurchaseEvent => {
  if (isPlanEvent(body.event)) return planEventOf(body, body.event);
  const granting = body.event !== 'order.refund';
  if (granting && !body.customer) {
    ctx.addIssue({ code: 'custom', path: ['customer', 'email'], message: 'customer[email] is required' });
    return z.NEVER;
  }
  const { items, unrecognized } = orderedItems(body);
  if (granting && items.length === 0 && unrecognized.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['accessible_purchase_map'],
      message: 'The order names no product: send accessible_purchase_map, products or product',
    });
    return z.NEVER;
  }
  return {
    event: body.event,
    orderId: body.order_id,
    invoiceId: body.invoice_id ?? null,
    test: isTestOrder(body),
    customer: body.customer ? customerOf(body.customer) : null,
    items,
    totalCents: body.order?.total ?? null,
    ...(unrecognized.length > 0 ? { unrecognizedItems: unrecognized } : {}),
    ...(body.event === 'order.refund' ? { refund: refundOf(body) } : {}),
  };
});

function isTestOrder(body: WebhookBody): boolean {
  return body.test === true || body.mode?.toLowerCase() === 'test' || body.mode_int === '1';
}

/** A plan event: no items to provision, only the plan's item and the event's time. */
function planEventOf(body: WebhookBody, event: PlanEventName): PurchaseEvent {
  const type = body.subscription?.type?.toLowerCase();
  const item = itemKeySchema.safeParse(
    type && body.subscription?.id ? `${type}-${body.subscription.id}` : undefined,
  );
  return {
    event,
    orderId: body.order_id,
    invoiceId: body.invoice_id ?? null,
    test: isTestOrder(body),
    customer: body.customer ? customerOf(body.customer) : null,
    items: [],
    totalCents: null,
    plan: {
      item: item.success ? item.data : null,
      at: eventTime(body),
      receivedAt: new Date().toISOString(),
    },
  };
}

/** ThriveCart's time of the event (`date_unix` seconds, or `date_iso8601`), when it sent a valid one. */
function eventTime(body: WebhookBody): string | null {
  const ms =
    body.date_unix !== undefined
      ? body.date_unix * 1000
      : body.date_iso8601 !== undefined
        ? Date.parse(body.date_iso8601)
        : NaN;
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
}

const isRefundableKind = (type: string | undefined): type is RefundableKind =>
  (REFUNDABLE_KINDS as readonly (string | undefined)[]).includes(type);

/**
 * The item an order.refund names: `refund[type]` and `refund[id]`, or, without an id, the order's charge
 * whose `reference` the refund carries, or else only its kind. A refund of type `full`, one of no kind,
 * or a refund of the main product for at least the order's total covers the whole order. A bump, upsell
 * or downsell refund never does, whatever its amount: an upsell charged after the checkout can cost more
 * than the order's total ($349 after $47), and refunding it must not take the programme paid for first.
 */
function refundOf(body: WebhookBody): PurchaseRefund {
  const refund = body.refund;
  const type = refund?.type?.toLowerCase();
  const total = body.order?.total;
  if (!refund || !isRefundableKind(type)) return { scope: 'order' };
  if (type === 'product' && total !== undefined && refund.amount !== undefined && refund.amount >= total)
    return { scope: 'order' };
  let id = refund.id;
  if (!id && refund.reference) {
    const charge = (body.order?.charges ?? []).find(
      (entry): entry is Record<string, unknown> =>
        typeof entry === 'object' &&
        entry !== null &&
        scalar((entry as Record<string, unknown>).reference) === refund.reference,
    );
    const chargeId = charge ? scalar(charge.item_id) : undefined;
    if (typeof chargeId === 'string') id = chargeId;
  }
  const item = itemKeySchema.safeParse(id === undefined ? undefined : `${type}-${id}`);
  return item.success ? { scope: 'item', item: item.data } : { scope: 'kind', kind: type };
}

/**
 * Entitlements come from the accessible purchase map (where ThriveCart lists upsells and bumps as
 * `upsell-N` / `bump-N`) and the products list; the plain purchase map and base product are used only
 * when neither is sent.
 */
function orderedItems(body: WebhookBody): { items: string[]; unrecognized: string[] } {
  const accessible = [
    ...(body.accessible_purchase_map ?? []),
    ...(body.accessible_purchase_map_flat ?? []),
    ...(body.products ?? []).map((product) => product.id),
    ...(body.product ? [body.product.id] : []),
  ];
  const fallback = [
    ...(body.purchase_map ?? []),
    ...(body.purchase_map_flat ?? []),
    ...(body.base_product !== undefined ? [body.base_product] : []),
  ];
  const items = new Set<string>();
  const unrecognized = new Set<string>();
  for (const entry of accessible.length > 0 ? accessible : fallback) {
    const key = itemKeySchema.safeParse(scalar(entry));
    if (key.success) items.add(key.data);
    else if (typeof entry === 'string' || typeof entry === 'number')
      unrecognized.add(String(scalar(entry) ?? '').slice(0, 255));
  }
  unrecognized.delete('');
  return { items: [...items], unrecognized: [...unrecognized] };
}

function customerOf(customer: NonNullable<WebhookBody['customer']>): PurchaseCustomer {
  let firstName = customer.first_name ?? customer.firstname ?? null;
  let lastName = customer.last_name ?? customer.lastname ?? null;
  if (!firstName && !lastName && customer.name) {
    const [first, ...rest] = customer.name.split(/\s+/);
    firstName = first ?? null;
    lastName = rest.length > 0 ? rest.join(' ') : null;
  }
  return { email: customer.email.toLowerCase(), firstName, lastName };
}
