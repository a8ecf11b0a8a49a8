import { afterAll, describe, expect, it } from 'vitest';
import { createServiceApp, notFoundFallback } from '../src/http/service-app.ts';
import { createClient, createTestDeps, listen, testConfig } from '../src/testing.ts';

const deps = createTestDeps();
afterAll(() => deps.close());

/** A service as the origin runs it, served at `publicAppUrl`. */
async function serviceAt(publicAppUrl: string) {
  const app = createServiceApp({ ...deps, config: testConfig({ PUBLIC_APP_URL: publicAppUrl }) });
  app.use(notFoundFallback());
  return listen(app);
}

describe("a service's security headers", () => {
  it('behind https, its answers, refusals too, ask for https from then on and allow nothing to run or frame them', async () => {
    const server = await serviceAt('https://app.sleep-ritual.example');
    try {
      for (const path of ['/healthz', '/api/nothing-here']) {
        const response = await createClient(server.url).request(path);
        expect(response.headers.get('strict-transport-security'), path).toBe(
          'max-age=31536000; includeSubDomains',
        );
        expect(response.headers.get('content-security-policy'), path).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(response.headers.get('x-frame-options'), path).toBe('DENY');
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
    } finally {
      await server.close();
    }
  });

  it('carries far fewer header bytes than a page does: an API answer is never rendered as one', async () => {
    const server = await serviceAt('http://localhost:8080');
    try {
      const response = await createClient(server.url).request('/healthz');
      const headerBytes = [...response.headers].reduce(
        (sum, [name, value]) => sum + name.length + value.length + 4,
        0,
      );
      expect(headerBytes).toBeLessThan(450);
    } finally {
      await server.close();
    }
  });
});
