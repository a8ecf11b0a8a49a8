/**
 * Turns an application/x-www-form-urlencoded body with PHP-style bracketed keys into nested objects,
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
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);
const KEY_PATTERN = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

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
  const match = KEY_PATTERN.exec(key);
  const segments = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
  const path = segments.length > MAX_DEPTH ? [key] : segments;
  return path.some((segment) => FORBIDDEN.has(segment)) ? null : path;
}

function assign(root: Node, path: string[], value: string): void {
  let node = root;
  for (const [index, rawSegment] of path.entries()) {
    // `[]` appends: the next free index of this level.
    const segment = rawSegment === '' && index > 0 ? String(Object.keys(node).length) : rawSegment;
    if (index === path.length - 1) {
      // A scalar never overwrites a nested value already built under the same key.
      if (typeof node[segment] !== 'object') node[segment] = value;
      return;
    }
    const next = node[segment];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
    node = node[segment] as Node;
  }
}

/** Objects whose keys are all indexes (0, 1, 2, … in any order) become arrays in index order. */
function toArrays(node: FormValue | Node): FormValue {
  if (typeof node === 'string' || Array.isArray(node)) return node as FormValue;
  const keys = Object.keys(node);
  const entries = keys.map((key) => [key, toArrays(node[key]!)] as const);
  if (keys.length > 0 && keys.every((key) => /^(0|[1-9]\d{0,5})$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
  }
  return Object.fromEntries(entries);
}
