import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { BadRequestError } from '../errors.ts';

/**
 * How deep a body may nest. No call takes more than a handful of levels; a body of thousands of `[`
 * (which fits in 100 kB) is refused before anything walks it, so no walk here or later (validation,
 * logging, JSON.stringify) can run out of stack.
 */
export const BODY_MAX_DEPTH = 32;

/**
 * What text a body or query may not carry, and why. PostgreSQL's text types cannot hold U+0000: a NUL
 * reaching a query fails it (22021), which was a 500. A lone surrogate (JSON's `"\ud800"`) has no UTF-8
 * form: it was stored as U+FFFD, silently. U+FFFD itself is text like any other (a name ThriveCart sent
 * with one is stored so, and may be searched for and saved again); bytes that are not UTF-8 are the
 * body's fault, told apart by its length (undecodableBody).
 */
const refusals: { test: (text: string) => boolean; says: string }[] = [
  { test: (text) => text.includes('\u0000'), says: 'contains a character that cannot be stored (NUL)' },
  // \p{Cs} matches only a surrogate that is not half of a pair (the u flag reads pairs as one).
  { test: (text) => /\p{Cs}/u.test(text), says: 'is not valid UTF-8 text' },
];

/**
 * Whether the body's bytes were not UTF-8. Each such byte decodes to U+FFFD, three bytes in UTF-8, so
 * the text is longer than the body the client declared (a byte-order mark the decoder drops makes it
 * shorter, never longer). A body compressed or sent without its length is not told apart.
 */
function undecodableBody(ctx: Context): boolean {
  const raw: unknown = ctx.request.rawBody;
  if (typeof raw !== 'string' || !raw.includes('\uFFFD')) return false;
  const encoding = ctx.get('Content-Encoding');
  const declared = Number(ctx.get('Content-Length'));
  if ((encoding && encoding !== 'identity') || !declared) return false;
  return Buffer.byteLength(raw) > declared;
}

const refusalOf = (text: string) => refusals.find((refusal) => refusal.test(text));

type Finding = { tooDeep: true } | { path: (string | number)[]; says: string } | undefined;

/**
 * Walks a parsed body without recursion (an explicit stack), stopping at the first level past
 * BODY_MAX_DEPTH or, when `text` is asked for, at the first string (or key) refused (refusals).
 */
function inspect(body: unknown, text: boolean): Finding {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: body, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      const refusal = text ? refusalOf(value) : undefined;
      if (refusal) return { path, says: refusal.says };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= BODY_MAX_DEPTH) return { tooDeep: true };
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? [...value.entries()]
      : Object.entries(value);
    // Pushed last to first, so the first field is looked at first and named in the answer.
    for (const [key, item] of entries.toReversed()) {
      const refusal = text && typeof key === 'string' ? refusalOf(key) : undefined;
      if (refusal) return { path: [...path, key], says: refusal.says };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/** The first query parameter whose name or value may not be taken (`%00`, `%FF`), named by its name. */
function inspectQuery(query: URLSearchParams): Finding {
  for (const [key, value] of query) {
    const refusal = refusalOf(key) ?? refusalOf(value);
    if (refusal) return { path: [key], says: refusal.says };
  }
  return undefined;
}

/**
 * Refuses, once for every endpoint of every service, a body nested deeper than BODY_MAX_DEPTH (400),
 * and, unless the service cleans such text itself, a body or query carrying text it may not take
 * (refusals): 400 in the validation errors' shape, naming the field (`title`, `classUpdates.0.title`, or
 * the query parameter), before any handler or query sees it.
 */
export function rejectUnstorableText(options: { text: boolean } = { text: true }) {
  return async function storableText(ctx: Context, next: Next) {
    const found: Finding =
      (options.text ? inspectQuery(new URLSearchParams(ctx.querystring)) : undefined) ??
      inspect(ctx.request.body, options.text);
    if (found && 'tooDeep' in found) {
      throw new BadRequestError(`The request body is nested too deeply (at most ${BODY_MAX_DEPTH} levels).`);
    }
    if (options.text && undecodableBody(ctx))
      throw new BadRequestError('The request body is not valid UTF-8.');
    if (found) {
      const field = found.path.length > 0 ? found.path.join('.') : 'The body';
      throw new ZodError([
        { code: 'custom', path: found.path, message: `${field} ${found.says}`, input: undefined },
      ]);
    }
    await next();
  };
}
