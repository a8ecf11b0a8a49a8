import { createHash, timingSafeEqual } from 'node:crypto';
import { parseBracketedForm, type FormValue } from './bracketed-form.ts';

/**
 * ThriveCart's signed success-page redirect ("Accessing order information via the query string").
 * The query carries the whole order as a PHP-style array (`thrivecart[customer][email]`,
 * `thrivecart[order][0][id]`, …) and `thrivecart_hash`: MD5 of the secret word, `__`, and the
 * upper-cased `json_encode` of that array after a top-level `ksort`. Public implementations, including
 * the one ThriveCart's own examples grew into, `rawurlencode` every value before encoding; a redirect
 * is accepted when either form matches, since both are what ThriveCart's PHP produces.
 */
export type ThrivecartFields = Record<string, FormValue>;

export type SignedRedirect = { fields: ThrivecartFields; hash: string };

/** The `thrivecart[...]` array and its hash from a success-page query, or null when either is missing. */
export function readSignedRedirect(query: string | URLSearchParams): SignedRedirect | null {
  const parsed = parseBracketedForm(typeof query === 'string' ? query.replace(/^\?/, '') : query.toString());
  const fields = parsed.thrivecart;
  const hash = parsed.thrivecart_hash;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields) || typeof hash !== 'string') return null;
  return { fields, hash };
}

/** The hash ThriveCart puts on a redirect carrying `fields` (values URL-encoded first when `encoded`). */
export function thrivecartRedirectHash(secret: string, fields: ThrivecartFields, encoded = false): string {
  const sorted: ThrivecartFields = {};
  for (const key of Object.keys(fields).sort()) {
    const value = fields[key];
    if (value === undefined) continue;
    sorted[key] = encoded ? mapLeaves(value, rawUrlEncode) : value;
  }
  return createHash('md5')
    .update(`${secret}__${asciiUpper(phpJsonEncode(sorted))}`)
    .digest('hex');
}

export function isGenuineRedirect(secret: string, redirect: SignedRedirect): boolean {
  const given = redirect.hash.trim().toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(given)) return false;
  // Both forms are always computed, so the answer takes the same time whichever matched.
  const plain = sameText(thrivecartRedirectHash(secret, redirect.fields, false), given);
  const encoded = sameText(thrivecartRedirectHash(secret, redirect.fields, true), given);
  return plain || encoded;
}

/** The order ids a genuine redirect names: `order_id`, `invoice_id`, `purchase_id` at the top level. */
export function redirectOrderIds(fields: ThrivecartFields): string[] {
  return ['order_id', 'invoice_id', 'purchase_id']
    .map((key) => fields[key])
    .filter((value): value is string => typeof value === 'string' && value.length > 0);
}

/**
 * The buyer's e-mail a redirect names (`customer[email]`, or a flat `customer_email`/`email`).
 * @internal Not used by the services yet: the create-account page shows the order's own address.
 */
export function redirectEmail(fields: ThrivecartFields): string | undefined {
  const customer = fields.customer;
  const nested =
    customer && typeof customer === 'object' && !Array.isArray(customer) ? customer.email : undefined;
  const email = [nested, fields.customer_email, fields.email].find((value) => typeof value === 'string');
  return typeof email === 'string' ? email : undefined;
}

/** Builds the query string of a signed redirect, as ThriveCart would send it (tests, simulate-purchase). */
export function signedRedirectQuery(secret: string, fields: ThrivecartFields): string {
  const params = new URLSearchParams();
  const add = (prefix: string, value: FormValue) => {
    if (typeof value === 'string') params.append(prefix, value);
    else if (Array.isArray(value)) value.forEach((item, index) => add(`${prefix}[${index}]`, item));
    else for (const [key, item] of Object.entries(value)) add(`${prefix}[${key}]`, item);
  };
  for (const [key, value] of Object.entries(fields)) add(`thrivecart[${key}]`, value);
  params.append('thrivecart_hash', thrivecartRedirectHash(secret, fields));
  return params.toString();
}

function mapLeaves(value: FormValue, map: (text: string) => string): FormValue {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, map));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapLeaves(item, map)]));
}

/** PHP's rawurlencode: RFC 3986 unreserved characters stay, everything else is %XX of its UTF-8 bytes. */
function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** PHP's json_encode with default flags: `/` escaped, every non-ASCII UTF-16 unit as \uxxxx. */
function phpJsonEncode(value: FormValue): string {
  if (typeof value === 'string') return phpString(value);
  if (Array.isArray(value)) return `[${value.map(phpJsonEncode).join(',')}]`;
  const members = Object.entries(value).map(([key, item]) => `${phpString(key)}:${phpJsonEncode(item)}`);
  return `{${members.join(',')}}`;
}

function phpString(text: string): string {
  return JSON.stringify(text)
    .replace(/\//g, '\\/')
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** PHP 8's strtoupper: ASCII letters only. */
function asciiUpper(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
