/** Typed errors that the error middleware turns into the JSON error shape with their status. */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export class BadRequestError extends HttpError {
  constructor(message = 'Invalid request') {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Please sign in to continue.') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this.') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message = 'This already exists.') {
    super(409, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message = 'The request body is too large.') {
    super(413, message);
  }
}
/** A compressed body that does not decode as its Content-Encoding says (answered 400). */
export const UNDECODABLE_BODY = 'The request body does not match its Content-Encoding.';

export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = 'Unsupported content type.') {
    super(415, message);
  }
}
export class TooManyRequestsError extends HttpError {
  readonly retryAfterSeconds: number | undefined;

  constructor(
    message = 'Too many attempts. Please wait a few minutes and try again.',
    retryAfterSeconds?: number,
  ) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'The service is temporarily unavailable. Please try again shortly.') {
    super(503, message);
  }
}

/**
 * A service outside this system (Vimeo) did not answer as it should: a 503 the caller is told about and
 * can work around, logged as a warning without a stack (nothing of ours failed).
 */
export class OutsideServiceError extends ServiceUnavailableError {
  constructor(message: string, cause?: unknown) {
    super(message);
    this.cause = cause;
  }

  /** What went wrong with the outside service, for the log: the network's code, or the cause's words. */
  get reason(): string | undefined {
    if (typeof this.cause === 'string') return this.cause;
    const cause = this.cause as { message?: string; code?: string; cause?: { code?: string } } | undefined;
    return cause?.cause?.code ?? cause?.code ?? cause?.message;
  }
}
