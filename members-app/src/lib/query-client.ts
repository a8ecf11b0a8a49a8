import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Spec 000 §7: a query without its own fetcher GETs the first element of its key. */
async function defaultQueryFn({ queryKey }: QueryFunctionContext) {
  return api.get(String(queryKey[0]));
}

/** The spec's defaults: no retries, and data never goes stale unless a query says otherwise. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: defaultQueryFn, retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
