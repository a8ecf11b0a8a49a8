import knex from 'knex';
import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { HttpError, ServiceUnavailableError, TooManyRequestsError } from '../errors.ts';

export type ErrorBody = { error: string; issues?: unknown[] };

const UNEXPECTED = 'Something went wrong on our side. Please try again.';

/** Socket codes, and PostgreSQL's "admin shutdown" / "cannot connect now": the dependency is unreachable. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', '57P01', '57P03']);

/**
 * ioredis rejects a command with a plain Error and no code when the connection is closed, or down with
 * enableOfflineQueue off: its two fixed messages for that (CONNECTION_CLOSED_ERROR_MSG and Redis.ts's),
 * compared whole.
 */
const REDIS_UNREACHABLE_MESSAGES = new Set([
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
]);

/** Errors that mean PostgreSQL or Redis is unreachable, not that the request is bad. */
function isDependencyDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  // knex: no pooled connection came within acquireConnectionTimeout.
  if (error instanceof knex.KnexTimeoutError) return true;
  // ioredis gave up on a command after maxRetriesPerRequest reconnection attempts.
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return REDIS_UNREACHABLE_MESSAGES.has(error.message);
}

/** Maps any thrown error to the JSON error shape; first in every service's middleware chain. */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (caught) {
    const { status, body } = toErrorResponse(caught);
    ctx.status = status;
    ctx.body = body;
    if (caught instanceof TooManyRequestsError && caught.retryAfterSeconds) {
      ctx.set('Retry-After', String(caught.retryAfterSeconds));
    }
    if (status >= 500) {
      ctx.app.emit('error', caught, ctx);
    }
  }
}

export function toErrorResponse(caught: unknown): { status: number; body: ErrorBody } {
  if (caught instanceof ZodError) {
    const first = caught.issues[0];
    return {
      status: 400,
      body: {
        error: first ? first.message : 'Invalid input',
        issues: caught.issues.map(({ path, message, code }) => ({ path, message, code })),
      },
    };
  }
  if (caught instanceof HttpError) {
    return { status: caught.status, body: { error: caught.message } };
  }
  const pgCode = (caught as { code?: unknown } | null)?.code;
  if (pgCode === '23505') {
    return { status: 409, body: { error: 'This already exists.' } };
  }
  if (pgCode === '23503') {
    return { status: 400, body: { error: 'It refers to something that does not exist.' } };
  }
  if (isDependencyDown(caught)) {
    return { status: 503, body: { error: new ServiceUnavailableError().message } };
  }
  // Errors from Koa and its body parser carry an HTTP status and a safe message (413, 415, 400 bad JSON).
  const status = (caught as { status?: unknown; expose?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { error: clientMessage(status, caught) } };
  }
  return { status: 500, body: { error: UNEXPECTED } };
}

function clientMessage(status: number, caught: unknown): string {
  switch (status) {
    case 413:
      return 'The request body is too large.';
    case 415:
      return 'Unsupported content type. Send JSON or a form.';
    case 400:
      // The body parser (co-body) answers a body it cannot parse with the parser's own SyntaxError.
      return caught instanceof SyntaxError ? 'The request body is not valid JSON.' : 'Invalid request';
    default:
      return (caught as { expose?: boolean }).expose ? (caught as Error).message : 'Invalid request';
  }
}
