import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { BadRequestError } from '../errors.ts';

/**
 * How deep a body may nest. No call takes more than a handful of levels; a body of thousands of `[`
 * (which fits in 100 kB) is refused before anything walks it, so no walk here or later (validation,
 * logging, JSON.stringify) can run out of stack.
 */
export const BODY_MAX_DEPTH = 32;

/** PostgreSQL's text types cannot hold U+0000: a NUL reaching a query fails it (22021), which was a 500. */
const unstorable = (text: string) => text.includes('\u0000');

const message = (field: string) => `${field} contains a character that cannot be stored (NUL)`;

type Finding = { tooDeep: true } | { path: (string | number)[] } | undefined;

/**
 * Walks a parsed body without recursion (an explicit stack), stopping at the first level past
 * BODY_MAX_DEPTH or, when `nul` is asked for, at the first string (or key) PostgreSQL could not store.
 */
function inspect(body: unknown, nul: boolean): Finding {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (nul && unstorable(value)) return { path };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= BODY_MAX_DEPTH) return { tooDeep: true };
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? [...value.entries()]
      : Object.entries(value);
    // Pushed last to first, so the first field is looked at first and named in the answer.
    for (const [key, item] of entries.toReversed()) {
      if (nul && typeof key === 'string' && unstorable(key)) return { path: [...path, key] };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * Refuses, once for every endpoint of every service, a body nested deeper than BODY_MAX_DEPTH (400),
 * and, unless the service cleans such text itself, a body or query carrying text PostgreSQL cannot
 * store: 400 in the validation errors' shape, naming the field (`title`, `classUpdates.0.title`, or
 * the query parameter), before any handler or query sees it.
 */
export function rejectUnstorableText(options: { nul: boolean } = { nul: true }) {
  return async function storableText(ctx: Context, next: Next) {
    const query = new URLSearchParams(ctx.querystring);
    const inQuery = options.nul
      ? [...query].find(([key, value]) => unstorable(key) || unstorable(value))
      : undefined;
    const found: Finding = inQuery ? { path: [inQuery[0]] } : inspect(ctx.request.body, options.nul);
    if (found && 'tooDeep' in found) {
      throw new BadRequestError(`The request body is nested too deeply (at most ${BODY_MAX_DEPTH} levels).`);
    }
    if (found) {
      const field = found.path.length > 0 ? found.path.join('.') : 'The body';
      throw new ZodError([{ code: 'custom', path: found.path, message: message(field), input: undefined }]);
    }
    await next();
  };
}
