import type { AttributeValue, Attributes } from '@opentelemetry/api';

/**
 * What a span may say about a request or a query, whatever an instrumentation records: nothing secret.
 * Sign-in, reset and account links carry their token in the query string (`?token=…`), so every
 * query string keeps its names and loses its values; a URL's password goes; headers are kept only when
 * allowed below (cookies, authorization and set-cookie never); attributes named like a secret go.
 * SQL arrives with placeholders ($1, ?) and no values, Redis commands without their arguments (see
 * tracing-sdk.ts), so neither needs rewriting here.
 */

/** Request and response headers a span may carry (the http instrumentation records only these). */
export const ALLOWED_HEADERS = {
  request: ['content-type', 'content-length', 'user-agent', 'x-request-id', 'x-forwarded-proto'],
  response: ['content-type', 'content-length', 'x-request-id'],
};

const REDACTED = '[redacted]';
const HEADER_ATTRIBUTE = /^http\.(request|response)\.header\.(.+)$/;
const SECRET_NAME = /password|secret|token|cookie|authorization|session|api[._-]?key/i;
/** Attributes holding a URL, a path with its query, or a query alone. */
const URL_ATTRIBUTES = new Set(['http.url', 'http.target', 'url.full', 'url.original', 'http.request.url']);
const QUERY_ATTRIBUTES = new Set(['url.query']);
/**
 * Query values (only with pg's enhanced reporting, which is off) and a job's result, which may name the
 * person it was for (an e-mail's recipient).
 */
const DROPPED_ATTRIBUTES = new Set(['db.postgresql.values', 'bullmq.job.result']);

/** The attribute's value as it may be exported, or undefined when it must go altogether. */
export function redactAttribute(key: string, value: AttributeValue): AttributeValue | undefined {
  const header = HEADER_ATTRIBUTE.exec(key);
  if (header) {
    const [, direction, name = ''] = header;
    const allowed = direction === 'request' ? ALLOWED_HEADERS.request : ALLOWED_HEADERS.response;
    return allowed.includes(name.toLowerCase()) ? value : undefined;
  }
  if (SECRET_NAME.test(key) || DROPPED_ATTRIBUTES.has(key)) return undefined;
  if (typeof value !== 'string') return value;
  if (URL_ATTRIBUTES.has(key)) return redactUrl(value);
  if (QUERY_ATTRIBUTES.has(key)) return redactQuery(value);
  // A connection string (`postgres://user:password@host/db`) anywhere else.
  return value.includes('://') ? value.replace(/(\/\/[^/:@\s]+):[^@/\s]+@/g, `$1:${REDACTED}@`) : value;
}

/** Every attribute through redactAttribute: the ones to overwrite and the ones to remove. */
export function redactAttributes(attributes: Attributes): { set: Attributes; remove: string[] } {
  const set: Attributes = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    const redacted = redactAttribute(key, value);
    if (redacted === undefined) remove.push(key);
    else if (redacted !== value) set[key] = redacted;
  }
  return { set, remove };
}

/** A URL or a path with its query: the query's names stay, their values go; so does a password. */
export function redactUrl(url: string): string {
  const withoutPassword = url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@]+):[^@/]*@/i, `$1:${REDACTED}@`);
  const hash = withoutPassword.indexOf('#');
  const base = hash === -1 ? withoutPassword : withoutPassword.slice(0, hash);
  const query = base.indexOf('?');
  if (query === -1) return base;
  return `${base.slice(0, query)}?${redactQuery(base.slice(query + 1))}`;
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0];
      return pair.includes('=') ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}
