import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { ClassScreen } from './components/ClassScreen.tsx';
import { MyProgramsScreen } from './components/MyProgramsScreen.tsx';
import { PathScreen } from './components/PathScreen.tsx';
import { ProgramScreen } from './components/ProgramScreen.tsx';

/** An answer with its own status; any other answer is a 200 body. */
class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export function reply(status: number, body?: unknown): Reply {
  return new Reply(status, body ?? { error: `status ${status}` });
}
type Handler = (init: RequestInit | undefined) => unknown;
/** A body (answered with 200), a reply(status, body), or a function of the request giving either. */
type Route = Handler | object | string | number | boolean | null;

/**
 * Fakes the network at fetch: "GET /api/programs" → answer. Unknown calls answer 404 so a test never
 * hangs. Returns the list of calls made, as "METHOD /path".
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    calls.push(key);
    const route = routes[key];
    const answer = typeof route === 'function' ? route(init) : route;
    if (answer === undefined) return json(404, { error: 'Not found' });
    return answer instanceof Reply ? json(answer.status, answer.body) : json(200, answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The learner screens at a path, in a fresh client and router; returns them for inspection. */
export function renderLearning(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(
    [
      { path: '/my-programs', element: <MyProgramsScreen /> },
      { path: '/programs/my-programs', element: <MyProgramsScreen /> },
      { path: '/program/:programId', element: <ProgramScreen /> },
      { path: '/program/:programId/path/:pathId', element: <PathScreen /> },
      { path: '/program/:programId/path/:pathId/class/:classId', element: <ClassScreen /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Answers in the shapes of the contracts, with the demo programme's values. */
export const sample = {
  program(overrides: Record<string, unknown> = {}) {
    return {
      id: 1,
      title: 'The 6-Night Sleep Meditation Ritual',
      description: 'Six guided tracks, one for each night.',
      cardImageUrl: null,
      format: 'Sleep Ritual',
      programCardFinePrint: 'One-time payment · lifetime access',
      redirectUrl: '/join-now',
      programType: 'Full Program',
      isOwned: true,
      ...overrides,
    };
  },
  pathClass(id: number, overrides: Record<string, unknown> = {}) {
    return {
      id,
      label: `Night ${id}`,
      title: `Class ${id}`,
      description: `About class ${id}.`,
      durationMinutes: 15 + id,
      isUnlocked: true,
      progress: null,
      ...overrides,
    };
  },
  pathDetails(overrides: Record<string, unknown> = {}) {
    return {
      id: 10,
      label: 'Nights 1–6',
      title: 'Six Nights to Deeper Sleep',
      description: 'Listen to one track a night, in order.',
      coverArtUrl: null,
      isUnlocked: true,
      programId: 1,
      phase: { id: 5, title: 'The Ritual' },
      classes: [sample.pathClass(101), sample.pathClass(102)],
      ...overrides,
    };
  },
  classDetails(overrides: Record<string, unknown> = {}) {
    return {
      id: 101,
      label: 'Night 1',
      title: 'Arriving: Letting the Day Go',
      description: 'A slow body scan.',
      vimeoVideoId: 'https://vimeo.com/76979871',
      vimeoId: 76979871,
      additionalContentUrl: null,
      additionalContentButtonLabel: null,
      durationMinutes: 16,
      programId: 1,
      pathId: 10,
      phase: { id: 5, title: 'The Ritual' },
      path: { id: 10, title: 'Six Nights to Deeper Sleep' },
      progress: null,
      ...overrides,
    };
  },
};

type FakeListener = (data: unknown) => void;

/** Stands in for @vimeo/player (vi.mock): records how it was made and lets a test play it. */
export class FakeVimeoPlayer {
  static instances: FakeVimeoPlayer[] = [];
  readonly listeners = new Map<string, Set<FakeListener>>();
  readonly seeks: number[] = [];
  destroyed = false;

  constructor(readonly element: HTMLElement) {
    FakeVimeoPlayer.instances.push(this);
  }
  on(event: string, callback: FakeListener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(callback);
  }
  off(event: string, callback?: FakeListener) {
    if (callback) this.listeners.get(event)?.delete(callback);
    else this.listeners.delete(event);
  }
  emit(event: string, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data);
  }
  ready() {
    return Promise.resolve();
  }
  getDuration() {
    return Promise.resolve(600);
  }
  getCurrentTime() {
    return Promise.resolve(0);
  }
  setCurrentTime(seconds: number) {
    this.seeks.push(seconds);
    return Promise.resolve(seconds);
  }
  destroy() {
    this.destroyed = true;
    this.listeners.clear();
    return Promise.resolve();
  }
}
