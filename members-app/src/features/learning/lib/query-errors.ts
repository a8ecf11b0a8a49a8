import { ApiError } from '../../../lib/api-client.ts';

/** 404 means the thing is not there (unknown or deleted): the screens say "… Not Found". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The server's reason for a refusal (403: not owned, or locked), to say beside the spec's heading. */
export function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 403 ? error.serverMessage : undefined;
}
