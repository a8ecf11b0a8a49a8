import type { z } from 'zod';
import { errorBodySchema } from '@sleep-ritual/contracts/errors';

/**
 * The one fetch helper of the app (spec 000 §7–§8): every request sends credentials, JSON bodies go
 * with a JSON content type, form data as is, and any non-OK answer becomes an ApiError whose message
 * is "{status}: {body text or status text}". Every call names the contract schema of its answer, and
 * the answer is parsed with it: a reply the contract does not describe fails here, not in a screen.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The server's `error` field when the body is the JSON error shape. */
  get serverMessage(): string | undefined {
    try {
      return errorBodySchema.safeParse(JSON.parse(this.body)).data?.error;
    } catch {
      return undefined;
    }
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The JSON of a successful answer; undefined for an empty one (204). */
async function send(method: Method, url: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'include', headers: new Headers() };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    (init.headers as Headers).set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  if (!response.ok) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

async function call<S extends z.ZodType>(
  schema: S,
  method: Method,
  url: string,
  body?: unknown,
): Promise<z.output<S>> {
  return schema.parse(await send(method, url, body));
}

export const api = {
  get: <S extends z.ZodType>(schema: S, url: string) => call(schema, 'GET', url),
  post: <S extends z.ZodType>(schema: S, url: string, body?: unknown) => call(schema, 'POST', url, body),
  put: <S extends z.ZodType>(schema: S, url: string, body?: unknown) => call(schema, 'PUT', url, body),
  patch: <S extends z.ZodType>(schema: S, url: string, body?: unknown) => call(schema, 'PATCH', url, body),
  delete: <S extends z.ZodType>(schema: S, url: string) => call(schema, 'DELETE', url),
};

/** The message to show for a failed call: the server's words, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
