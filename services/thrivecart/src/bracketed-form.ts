/**
 * Turns an application/x-www-form-urlencoded body (or a query string) with PHP-style bracketed keys into nested objects,
 * the way PHP (and so ThriveCart) means them: `customer[email]=a@b.c` → `{ customer: { email } }`,
 * `order[charges][0][amount]=1700` → `{ order: { charges: [{ amount: '1700' }] } }`, `map[]=x&map[]=y`
 * → `{ map: ['x', 'y'] }`. Values stay strings. A repeated plain key keeps its last value, as in PHP.
 *
 * We parse the raw body ourselves rather than trust the generic parser's nesting (which caps arrays at
 * 20 entries and depth at 5, and reads dots in keys as nesting) so the shape never depends on size.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
type Node = { [key: string]: FormValue | Node };

const MAX_DEPTH = 8;
const MAX_FIELDS = 2_000;
const MAX_INDEX_DIGITS = 6;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

export function parseBracketedForm(raw: string): Record<string, FormValue> {
  const root: Node = {};
  let fields = 0;
  for (const [key, value] of new URLSearchParams(raw)) {
    if (++fields > MAX_FIELDS) break;
    const path = keyPath(key);
    if (path) assign(root, path, value);
  }
  return toArrays(root) as Record<string, FormValue>;
}

/** `a[b][0][]` → ['a', 'b', '0', '']; a malformed or too deep key is taken literally. */
function keyPath(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open <= 0) return literal(key);
  const path = [key.slice(0, open)];
  for (let at = open; at < key.length;) {
    const close = key.indexOf(']', at);
    if (key[at] !== '[' || close < 0) return literal(key);
    const segment = key.slice(at + 1, close);
    if (segment.includes('[')) return literal(key);
    if (FORBIDDEN.has(segment)) return null;
    path.push(segment);
    at = close + 1;
  }
  if (path.length > MAX_DEPTH) return literal(key);
  const [top] = path;
  return top !== undefined && FORBIDDEN.has(top) ? null : path;
}

function literal(key: string): string[] | null {
  return FORBIDDEN.has(key) ? null : [key];
}

function assign(root: Node, path: string[], value: string): void {
  let node = root;
  const last = path.length - 1;
  const leaf = path[last];
  if (leaf === undefined) throw new Error('A form field has an empty key path');
  for (const [index, pathSegment] of path.slice(0, last).entries()) {
    const segment = step(node, pathSegment, index);
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Node;
  }
  const segment = step(node, leaf, last);
  // A scalar never overwrites a nested value already built under the same key.
  if (typeof node[segment] !== 'object') node[segment] = value;
}

/** `[]` appends: the next free index of this level. */
function step(node: Node, segment: string, index: number): string {
  return segment === '' && index > 0 ? String(Object.keys(node).length) : segment;
}

/** Objects whose keys are all indexes (0, 1, 2, … in any order) become arrays in index order. */
function toArrays(node: FormValue | Node): FormValue {
  if (typeof node === 'string' || Array.isArray(node)) return node as FormValue;
  const entries = Object.entries(node);
  if (entries.length > 0 && entries.every(([key]) => isIndex(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => toArrays(value));
  }
  const result: Record<string, FormValue> = {};
  for (const [key, value] of entries) result[key] = toArrays(value);
  return result;
}

function isIndex(key: string): boolean {
  if (key.length === 0 || key.length > MAX_INDEX_DIGITS || (key.length > 1 && key[0] === '0')) return false;
  for (let at = 0; at < key.length; at += 1) {
    const code = key.charCodeAt(at);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
