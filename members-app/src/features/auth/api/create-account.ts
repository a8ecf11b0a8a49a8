import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createAccountAnswerSchema,
  createAccountLookupSchema,
  ORDER_PROCESSING,
  type CreateAccountBody,
} from '@sleep-ritual/contracts/auth';
import { api, ApiError } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/**
 * How long the page keeps asking for an order the worker may still be provisioning. Only a genuine
 * checkout redirect is told to wait (ORDER_PROCESSING); any other id gets its final answer at once.
 */
export const ORDER_WAIT_MS = 30_000;
export const ORDER_POLL_MS = 2_500;

/**
 * The look-up's query: the order id as `order_id` (spec 000 §7), followed by what proves the link
 * (the mailed token, or the checkout's signed thrivecart[...] fields and thrivecart_hash).
 */
export function lookupQuery(orderId: string, params: URLSearchParams): string {
  const query = new URLSearchParams({ order_id: orderId });
  for (const [key, value] of params) {
    if (key === 'token' || key === 'thrivecart_hash' || key.startsWith('thrivecart['))
      query.append(key, value);
  }
  return query.toString();
}

/** The server's word that the checkout really sent this order and the worker is still setting it up. */
export function isStillProcessing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.serverMessage === ORDER_PROCESSING;
}

export const lookUpOrder = (query: string) =>
  api.get(createAccountLookupSchema, `/api/create-account?${query}`);

export const createAccountLookupQueryOptions = (query: string, startedAt: number) =>
  queryOptions({
    queryKey: authKeys.createAccountLookup(query),
    queryFn: () => lookUpOrder(query),
    // A buyer arriving straight from the checkout can be faster than the webhook: keep asking a while,
    // but only while the server says the checkout really sent this order.
    retry: (failures, error) =>
      isStillProcessing(error) && Date.now() - startedAt < ORDER_WAIT_MS && failures < 20,
    retryDelay: ORDER_POLL_MS,
  });

export function useCreateAccountLookup(query: string, enabled: boolean, startedAt: number) {
  return useQuery({ ...createAccountLookupQueryOptions(query, startedAt), enabled });
}

export const createAccount = (body: CreateAccountBody) =>
  api.post(createAccountAnswerSchema, '/api/create-account', body);

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    // The buyer may be signed in now: the current user and their programmes must be fetched afresh.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
