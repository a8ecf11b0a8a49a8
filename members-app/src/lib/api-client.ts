import type { z } from 'zod';
import { ADMIN_PREVIEW_HEADER } from '@sleep-ritual/contracts/admin-preview';
import { isAdminPreview } from './admin-preview.ts';
import { takeEarly } from './early-answers.ts';
import { isNetworkFailure, queueForLater, waitsAfterAnswer, waitsForNetwork } from './offline-queue.ts';
import { loadSchema, type SchemaSource } from './validate.ts';

/**
 * The one fetch helper of the app (spec 000 §7–§8): every request sends credentials, JSON bodies go
 * with a JSON content type, form data as is, and any non-OK answer becomes an ApiError whose message
 * is "{status}: {body text or status text}". Every call names the contract schema of its answer, and
 * the answer is parsed with it: a reply the contract does not describe fails here, not in a screen.
 * The first screens name theirs by a loader (`SchemaSource`), so zod and the contracts' schemas load
 * beside their first call instead of before the first screen (docs/development.md, first load).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.body = body;
  }

  /**
   * The server's `error` field when the body is the JSON error shape (contracts' errorBodySchema: an
   * object with a string `error` and, if any, an array of `issues`). Checked by hand: every screen
   * reads it, and the schema would bring zod into the first load.
   */
  get serverMessage(): string | undefined {
    let body: unknown;
    try {
      body = JSON.parse(this.body);
    } catch {
      return undefined;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
    const { error, issues } = body as { error?: unknown; issues?: unknown };
    if (typeof error !== 'string' || (issues !== undefined && !Array.isArray(issues))) return undefined;
    return error;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The JSON of a successful answer; undefined for an empty one (204). */
async function send(method: Method, url: string, body?: unknown): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'include', headers: new Headers() };
  // An admin's "View as learner" tab says so on every call: the services answer it as a preview.
  if (isAdminPreview()) (init.headers as Headers).set(ADMIN_PREVIEW_HEADER, '1');
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    (init.headers as Headers).set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    // The first screen's GETs left at start-up, before this code arrived (early-answers.ts).
    response = await ((method === 'GET' && takeEarly(url)) || fetch(url, init));
  } catch (error) {
    if (isNetworkFailure(error) && waitsForNetwork({ method: method as 'PUT' | 'POST', url, body }))
      await keepForLater(method, url, body);
    throw error;
  }
  if (!response.ok) {
    // A server restarting mid-night: the progress (an asleep completion) is sent again later too.
    if (waitsAfterAnswer({ method: method as 'PUT' | 'POST', url, body }, response.status)) {
      await keepForLater(method, url, body);
    }
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Progress that did not reach the server, or that the server could not take now, waits for the next
 * start or the network's return (offline-queue.ts); the caller still hears that it failed.
 */
async function keepForLater(method: string, url: string, body: unknown): Promise<void> {
  if (isAdminPreview()) return;
  await queueForLater({ method: method as 'PUT' | 'POST', url, body }).catch(() => false);
}

/** A PUT of a text body of its own type (a WebVTT transcript), answered with JSON. */
async function putText<S extends z.ZodType>(
  schema: S,
  url: string,
  text: string,
  contentType: string,
): Promise<z.output<S>> {
  const response = await fetch(url, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': contentType },
    body: text,
  });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  return schema.parse(await response.json());
}

/** A GET whose answer is text, not JSON (a WebVTT transcript). */
async function getText(url: string): Promise<string> {
  const headers = new Headers();
  if (isAdminPreview()) headers.set(ADMIN_PREVIEW_HEADER, '1');
  const response = await fetch(url, { credentials: 'include', headers });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText);
  }
  return response.text();
}

async function call<S extends z.ZodType>(
  source: SchemaSource<S>,
  method: Method,
  url: string,
  body?: unknown,
): Promise<z.output<S>> {
  // The schema loads while the request is out; a failed request is still the error the caller hears.
  const schema = loadSchema(source);
  schema.catch(() => undefined);
  const answer = await send(method, url, body);
  return (await schema).parse(answer);
}

/** How much of an upload has been sent, in bytes. */
export type UploadProgress = (sent: number, total: number) => void;

/**
 * Sends a file as multipart/form-data, in the field `file`, through XMLHttpRequest: fetch cannot report
 * how much of a request body has gone, and a 200 MB audio track needs a progress bar. Failures and
 * answers are treated as for every other call; aborting the signal cancels the upload (AbortError).
 */
function upload<S extends z.ZodType>(
  schema: S,
  url: string,
  file: File,
  options: { onProgress?: UploadProgress; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, request.responseText, request.statusText));
        return;
      }
      try {
        resolve(schema.parse(request.responseText ? JSON.parse(request.responseText) : undefined));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(0, '', 'The upload could not reach the server.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

export const api = {
  get: <S extends z.ZodType>(schema: SchemaSource<S>, url: string) => call(schema, 'GET', url),
  post: <S extends z.ZodType>(schema: SchemaSource<S>, url: string, body?: unknown) =>
    call(schema, 'POST', url, body),
  put: <S extends z.ZodType>(schema: SchemaSource<S>, url: string, body?: unknown) =>
    call(schema, 'PUT', url, body),
  patch: <S extends z.ZodType>(schema: SchemaSource<S>, url: string, body?: unknown) =>
    call(schema, 'PATCH', url, body),
  delete: <S extends z.ZodType>(schema: SchemaSource<S>, url: string, body?: unknown) =>
    call(schema, 'DELETE', url, body),
  upload,
  text: getText,
  putText,
};

/** The message to show for a failed call: the server's words, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
