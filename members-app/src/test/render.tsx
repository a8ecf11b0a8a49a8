import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ToastProvider } from '../components/Toaster.tsx';
import { useFocusKeptOnScreen } from '../lib/focus-screen.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** What the app's root layout does for every screen with the keyboard's focus (RootLayout). */
function FocusKeptOnScreen() {
  useFocusKeptOnScreen();
  return null;
}

/**
 * The one harness of the SPA's component tests: routes rendered at a URL in a memory router, with a
 * fresh QueryClient (the app's own defaults, retries off), the toaster and the root layout's focus
 * keeping, and a fetch stub that answers
 * by "METHOD /path".
 */
export function renderRoutes(url: string, routes: RouteObject[]) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <FocusKeptOnScreen />
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** One route element at a URL (and any routes it leads to). */
export function renderAt(
  url: string,
  path: string,
  element: ReactNode,
  extraRoutes: { path: string; element: ReactNode }[] = [],
) {
  return renderRoutes(url, [{ path, element }, ...extraRoutes]);
}

/** What the stub saw of one request; url keeps its query string. */
export type StubRequest = { method: string; url: string; body?: string };
/** An answer: a status and a JSON body (none for a 204). */
export type StubAnswer = { status: number; body?: unknown };
/** A fixed answer (a test may change its body later), or one computed from the request. */
export type StubRoute = StubAnswer | ((request: StubRequest) => StubAnswer | Promise<StubAnswer>);

/** A 200 answer with this body. */
export const ok = (body: unknown): StubAnswer => ({ status: 200, body });

/** An answer with its own status; an error answer without a body says its status in the error shape. */
export const reply = (status: number, body?: unknown): StubAnswer => ({
  status,
  body: body ?? { error: `status ${status}` },
});

/**
 * Replaces fetch for the test (setup.ts restores it): "GET /api/programs" → its answer, matched on the
 * path without the query string. An unknown call answers 404 in the error shape, so a test never hangs.
 * Returns every request made, and `requested()` lists them as "METHOD url".
 */
export function stubApi(routes: Record<string, StubRoute>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const request: StubRequest = {
      method,
      url,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(request);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? await route(request) : route;
    return toResponse(answer ?? { status: 404, body: { error: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const requested = () => calls.map((call) => `${call.method} ${call.url}`);
  return { calls, requested, fetchMock };
}

function toResponse({ status, body }: StubAnswer): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}
