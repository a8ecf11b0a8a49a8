import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, freePort } from '@sleep-ritual/platform/testing';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { PAGES_READY_MESSAGE } from '../src/starting-page.ts';

let gateway: ChildProcess | undefined;
afterEach(() => {
  gateway?.kill('SIGTERM');
  gateway = undefined;
});

/**
 * The gateway as `npm start` runs it while the build is still going: its own process, with the IPC
 * channel start.ts later says "pages ready" on, and page folders the build has not written yet.
 */
async function startGatewayDuringBuild(): Promise<string> {
  const port = await freePort();
  gateway = spawn(process.execPath, ['src/server.ts'], {
    cwd: path.join(repoRoot, 'services', 'gateway'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      SESSION_KEYS: 'k',
      ADMIN_PASSWORD: 'a',
      THRIVECART_SECRET: 's',
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'starting-media-')),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await eventually(
    () =>
      fetch(`${origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    { timeoutMs: 20_000, what: 'the gateway to answer' },
  );
  return origin;
}

describe('npm start while the pages are still being built', () => {
  it('answers /sign-in and / with a calm 503 "Starting..." page that refreshes itself, never a 404', async () => {
    const origin = await startGatewayDuringBuild();
    for (const page of ['/sign-in', '/', '/join-now', '/my-programs']) {
      const response = await fetch(`${origin}${page}`);
      expect(response.status, page).toBe(503);
      expect(response.headers.get('retry-after'), page).toMatch(/^\d+$/);
      expect(response.headers.get('cache-control'), page).toBe('no-store');
      const html = await response.text();
      expect(html, page).toContain('<title>Starting...</title>');
      expect(html, page).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    }
    // The API and the probes are not held back.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  });

  it('serves the pages once start.ts says the build is done', async () => {
    const origin = await startGatewayDuringBuild();
    expect((await fetch(`${origin}/sign-in`)).status).toBe(503);
    gateway!.send(PAGES_READY_MESSAGE);
    const status = await eventually(
      async () => {
        const { status } = await fetch(`${origin}/sign-in`);
        return status !== 503 && status;
      },
      { what: '/sign-in to be served' },
    );
    // No build here: the members app's page is whatever the checkout holds, never "Starting..." again.
    expect(status).not.toBe(503);
  });
});
