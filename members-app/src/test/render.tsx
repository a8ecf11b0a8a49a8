import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ToastProvider } from '../components/Toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders one route element at a URL with a fresh QueryClient (retries off) and the toaster. */
export function renderAt(
  url: string,
  path: string,
  element: ReactNode,
  extraRoutes: { path: string; element: ReactNode }[] = [],
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element }, ...extraRoutes], { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A fetch stub answering by "METHOD path" with a status and JSON body, recording each call. */
export function stubFetch(answers: Record<string, { status: number; body?: unknown }>) {
  const calls: { method: string; url: string; body?: string }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: typeof init.body === 'string' ? init.body : undefined });
    const key = `${method} ${url.split('?')[0]}`;
    const answer = answers[key] ?? { status: 404, body: { error: 'Not found' } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchStub, calls };
}
