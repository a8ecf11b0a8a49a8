import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { HttpError, ServiceUnavailableError, TooManyRequestsError } from '../errors.ts';

export type ErrorBody = { error: string; issues?: unknown[] };

const UNEXPECTED = 'Something went wrong on our side. Please try again.';

/** Error codes and messages that mean PostgreSQL or Redis is unreachable, not that the request is bad. */
function isDependencyDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: string }).code;
  if (code && ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', '57P01', '57P03'].includes(code)) {
    return true;
  }
  return /Timeout acquiring a connection|Stream isn't writeable|Connection is closed|MaxRetriesPerRequest|Reached the max retries/i.test(
    error.message,
  );
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
      return (caught as { type?: string }).type === 'entity.parse.failed' ||
        /JSON|Unexpected token/i.test((caught as Error).message)
        ? 'The request body is not valid JSON.'
        : 'Invalid request';
    default:
      return (caught as { expose?: boolean }).expose ? (caught as Error).message : 'Invalid request';
  }
}
