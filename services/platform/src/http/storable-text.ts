import type { Context, Next } from 'koa';
import { ZodError } from 'zod';

/** PostgreSQL's text types cannot hold U+0000: a NUL reaching a query fails it (22021), which was a 500. */
const unstorable = (text: string) => text.includes('\u0000');

const message = (field: string) => `${field} contains a character that cannot be stored (NUL)`;

/** The path of the first string (or key) in a parsed body that PostgreSQL could not store. */
function findUnstorable(value: unknown, path: (string | number)[]): (string | number)[] | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorable(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = unstorable(key) ? [...path, key] : findUnstorable(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses, once for every endpoint of every service, a body or query carrying text PostgreSQL cannot
 * store: 400 in the validation errors' shape, naming the field (`title`, `classUpdates.0.title`, or
 * the query parameter), before any handler or query sees it.
 */
export function rejectUnstorableText() {
  return async function storableText(ctx: Context, next: Next) {
    const query = new URLSearchParams(ctx.querystring);
    const inQuery = [...query].find(([key, value]) => unstorable(key) || unstorable(value));
    const path = inQuery ? [inQuery[0]] : findUnstorable(ctx.request.body, []);
    if (path) {
      const field = path.length > 0 ? path.join('.') : 'The body';
      throw new ZodError([{ code: 'custom', path, message: message(field), input: undefined }]);
    }
    await next();
  };
}
