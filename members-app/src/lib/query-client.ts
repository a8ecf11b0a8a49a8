import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Spec 000 §7: a query without its own fetcher GETs the first element of its key. Its answer is
 * `unknown`: a screen has to parse it before use, so every query of the app names its own fetcher.
 */
async function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  return api.get(() => import('zod').then(({ z }) => z.unknown()), String(queryKey[0]));
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
