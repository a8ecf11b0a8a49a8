import { ApiError } from '../../../lib/api-client.ts';

/** 404 means the thing is not there (unknown or deleted): the screens say "… Not Found". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The server's reason for a refusal (403: not owned, or locked), to say beside the spec's heading. */
export function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 403 ? error.serverMessage : undefined;
}

/**
 * Whether asking again may succeed: the server erred, was unavailable or timed out (5xx, 408, 429). A
 * 4xx says something that asking again does not change, and so does an answer the app cannot read.
 */
export function isPassing(error: unknown): boolean {
  return error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429);
}
