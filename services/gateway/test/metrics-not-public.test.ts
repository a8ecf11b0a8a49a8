import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import { createTestDeps, listen, testConfig } from '@sleep-ritual/platform/testing';
import { valueOf, scrape } from '@sleep-ritual/platform/testing-metrics';
import { createGateway } from '../src/app.ts';

/** The auth service behind the gateway: its metrics answer on its own port and nowhere on the origin. */
const root = mkdtempSync(path.join(tmpdir(), 'gateway-metrics-'));
writeFileSync(path.join(root, '404.html'), '<h1>404 - Page Not Found</h1>');

const deps = createTestDeps();
let auth: Awaited<ReturnType<typeof listen>>;
let gateway: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  auth = await listen(createAuthApp({ ...deps, sendEmail: async () => {}, forgetOrders: async () => 0 }));
  const config = testConfig({ AUTH_PORT: new URL(auth.url).port });
  gateway = await listen(
    createGateway({ config, logger: deps.logger, marketingDir: root, membersAppDir: root }),
  );
});
afterAll(async () => {
  await gateway.close();
  await auth.close();
  await deps.close();
});

/** A GET with the path sent exactly as written (fetch would resolve the dot segments first). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    http
      .get({ hostname, port, path: rawPath }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('metrics and the public origin', () => {
  it('the auth service serves its metrics on its own port, requests through the gateway included', async () => {
    expect((await fetch(`${gateway.url}/api/user`)).status).toBe(401);
    const samples = await scrape(auth.url);
    expect(
      valueOf(samples, 'http_request_duration_seconds_count', { route: '/api/user', status: '401' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it.each(['/metrics', '/api/metrics', '/api/auth/metrics', '/api/user/metrics', '/api/user/../../metrics'])(
    'the gateway answers %s with a 404 and no metrics',
    async (rawPath) => {
      const answer = await rawGet(gateway.url, rawPath);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('http_request_duration_seconds');
      expect(answer.body).not.toContain('process_cpu');
    },
  );
});
