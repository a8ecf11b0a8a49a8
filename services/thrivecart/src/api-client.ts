import { z } from 'zod';

/**
 * ThriveCart's API, as much of it as reconciliation reads: `GET /transactions` (Bearer token, `X-TC-Mode`
 * live or test, `transactionType` charge/refund/cancel/rebill, `page`/`perPage` up to 100, newest first). ThriveCart
 * allows 60 requests a minute per account; every call waits for the pacer first.
 */

export type ThrivecartMode = 'live' | 'test';
export type TransactionType = 'charge' | 'refund' | 'cancel' | 'rebill';

const text = z.union([z.string(), z.number()]).transform(String);

const transactionSchema = z.looseObject({
  event_id: text.optional(),
  timestamp: z.coerce.number().int(),
  transaction_type: z.string(),
  item_type: z.string().nullish(),
  item_id: text.nullish(),
  amount: z.coerce.number().nullish(),
  order_id: text,
  invoice_id: text.nullish(),
  customer: z.looseObject({ name: z.string().nullish(), email: z.string().nullish() }).nullish(),
  reference: z.string().nullish(),
});
export type Transaction = z.infer<typeof transactionSchema>;

const pageSchema = z.object({
  transactions: z.array(transactionSchema),
  meta: z
    .looseObject({ total: z.coerce.number().int().optional(), results: z.coerce.number().int().optional() })
    .optional(),
});

export const PER_PAGE = 100;

export class ThrivecartApiError extends Error {}

/**
 * Runs calls within `requests` per `perMs` (a sliding window), waiting as long as needed. ThriveCart
 * counts a request when it arrives, which is some time between sending it and its answer; network delays
 * can bring two requests closer together than they were sent. So a call holds its place in the window
 * from when it is sent until `perMs` after its answer: however late one arrives, no window of arrivals
 * holds more than `requests`.
 */
export function createPacer(limit: { requests: number; perMs: number }) {
  /** Per call in the window, when its place frees up (Infinity while it waits for its answer). */
  const places: { until: number }[] = [];
  /** Waiters for the next answer, when every place is taken by a call still waiting for its own. */
  let onAnswer: (() => void)[] = [];
  return async function paced<T>(call: () => Promise<T>): Promise<T> {
    for (;;) {
      const now = Date.now();
      for (let index = places.length - 1; index >= 0; index -= 1) {
        const place = places[index];
        if (place && place.until <= now) places.splice(index, 1);
      }
      if (places.length < limit.requests) break;
      const soonest = Math.min(...places.map((place) => place.until));
      await new Promise<void>((resolve) => {
        if (soonest === Infinity) onAnswer.push(resolve);
        else setTimeout(resolve, soonest - now);
      });
    }
    const place = { until: Infinity };
    places.push(place);
    try {
      return await call();
    } finally {
      place.until = Date.now() + limit.perMs;
      const waiting = onAnswer;
      onAnswer = [];
      for (const wake of waiting) wake();
    }
  };
}
export type Pacer = ReturnType<typeof createPacer>;

/** ThriveCart's documented limit: 60 requests a minute per account. */
export const THRIVECART_RATE = { requests: 60, perMs: 60_000 };

export function thrivecartApi(options: { baseUrl: string; apiKey: string; pace: Pacer }) {
  let requests = 0;
  return {
    requests: () => requests,
    async transactions(mode: ThrivecartMode, type: TransactionType, page: number) {
      requests += 1;
      const url = new URL(`${options.baseUrl}/transactions`);
      const query = {
        page: String(page),
        perPage: String(PER_PAGE),
        query: '',
        transactionType: type,
        currency: '',
      };
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      let response: Response;
      try {
        response = await options.pace(() =>
          fetch(url, {
            headers: {
              authorization: `Bearer ${options.apiKey}`,
              'x-tc-mode': mode,
              accept: 'application/json',
            },
            signal: AbortSignal.timeout(30_000),
          }),
        );
      } catch (error) {
        throw new ThrivecartApiError(`ThriveCart's API could not be reached: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const hint =
          response.status === 401
            ? ' (check THRIVECART_API_KEY)'
            : response.status === 429
              ? ' (over 60 requests a minute)'
              : '';
        throw new ThrivecartApiError(
          `ThriveCart's API answered ${response.status} to GET /transactions${hint}`,
        );
      }
      const parsed = pageSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success)
        throw new ThrivecartApiError("ThriveCart's API answered GET /transactions in an unexpected shape");
      return parsed.data;
    },
  };
}
export type ThrivecartApi = ReturnType<typeof thrivecartApi>;
