import { QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Spec 000 §7: a query without its own fetcher GETs the first element of its key. Its answer is
 * `unknown`: a screen has to parse it before use, so every query of the app names its own fetcher.
 */
async function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  // Imported by name, not as the whole of zod: a dynamic import of 'zod' itself would keep every one of
  // its exports in the bundle (all its locales: 80 KB more, gzipped).
  return api.get(() => import('./unknown-answer.ts').then((m) => m.unknownAnswerSchema), String(queryKey[0]));
}

/**
 * The spec's defaults: no retries, and data never goes stale unless a query says otherwise. Every call
 * is sent even when the browser says it is offline (`offlineFirst`): the service worker answers for a
 * saved night, a failed call shows the offline state (isNetworkFailure), and progress, the sleep
 * timer's completion included, waits in IndexedDB (api-client.ts). Left `online`, a call made offline
 * would wait in memory without ever reaching either, and be lost with the page.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}

export const queryClient = createQueryClient();
