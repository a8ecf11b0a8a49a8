import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import { createTestDeps, listen, testConfig } from '@sleep-ritual/platform/testing';
import { createGateway } from '../src/app.ts';

const root = mkdtempSync(path.join(tmpdir(), 'gateway-'));
const marketingDir = path.join(root, 'marketing');
const membersAppDir = path.join(root, 'members');
mkdirSync(path.join(marketingDir, 'terms'), { recursive: true });
mkdirSync(path.join(membersAppDir, 'assets'), { recursive: true });
writeFileSync(path.join(marketingDir, 'index.html'), '<h1>Home</h1><script>console.log("island")</script>');
writeFileSync(path.join(marketingDir, 'terms', 'index.html'), '<h1>Terms of Service</h1>');
writeFileSync(
  path.join(marketingDir, '404.html'),
  "<h1>404 - Page Not Found</h1><p>The page you're looking for doesn't exist.</p>",
);
writeFileSync(path.join(membersAppDir, 'index.html'), '<div id="root"></div>');
writeFileSync(path.join(membersAppDir, 'assets', 'app-abc123.js'), 'console.log(1)');

const deps = createTestDeps();
let auth: Awaited<ReturnType<typeof listen>>;
let gateway: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  auth = await listen(createAuthApp({ ...deps, sendEmail: async () => {} }));
  const authPort = new URL(auth.url).port;
  const config = testConfig({ AUTH_PORT: authPort, CATALOG_PORT: '1' });
  gateway = await listen(createGateway({ config, logger: deps.logger, marketingDir, membersAppDir }));
});
afterAll(async () => {
  await gateway.close();
  await auth.close();
  await deps.close();
});

describe('gateway', () => {
  it('proxies /api/user to the auth service, which answers 401 JSON when signed out', async () => {
    const response = await fetch(`${gateway.url}/api/user`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Not signed in' });
  });

  it('answers 404 JSON for an API path no service owns', async () => {
    const response = await fetch(`${gateway.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });

  it('answers 503 JSON when the owning service is down', async () => {
    const response = await fetch(`${gateway.url}/api/programs`);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toMatch(/temporarily unavailable/);
  });

  it('serves the members app index.html on its routes, deep links included', async () => {
    for (const route of ['/sign-in', '/my-programs', '/program/1/path/2/class/3', '/admin/programs']) {
      const response = await fetch(`${gateway.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed members-app assets as immutable', async () => {
    const response = await fetch(`${gateway.url}/app/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('serves marketing pages, allowing their inline scripts by hash in the CSP', async () => {
    const home = await fetch(`${gateway.url}/`);
    expect(await home.text()).toContain('<h1>Home</h1>');
    expect(home.headers.get('content-security-policy')).toMatch(
      /script-src 'self' https:\/\/player\.vimeo\.com 'sha256-/,
    );
    expect(home.headers.get('x-content-type-options')).toBe('nosniff');
    const terms = await fetch(`${gateway.url}/terms`);
    expect(await terms.text()).toContain('Terms of Service');
  });

  it('answers unknown paths with the marketing 404 page and status 404', async () => {
    const response = await fetch(`${gateway.url}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 - Page Not Found');
  });

  it('does not let a path escape the build folder', async () => {
    const response = await fetch(`${gateway.url}/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });
});
