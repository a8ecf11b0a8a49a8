import { afterAll, beforeAll } from 'vitest';
import type { ServiceDeps } from './http/service-app.ts';
import { createTestDeps, listen } from './testing.ts';

type App = Parameters<typeof listen>[0];

/**
 * Mounts a service's app on the real PostgreSQL and Redis for one test file: `service.url` is set
 * before the tests run, and the server and connections close after them.
 */
export function useService(createApp: (deps: ServiceDeps) => App, overrides: Record<string, string> = {}) {
  const deps = createTestDeps(overrides);
  const service = { deps, url: '' };
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  beforeAll(async () => {
    server = await listen(createApp(deps));
    service.url = server.url;
  });
  afterAll(async () => {
    await server?.close();
    await deps.close();
  });
  return service;
}
