import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { answersOnPort } from '../../../scripts/lib/local-ports.ts';
import { createClient, eventually, startScriptPorts } from '../src/testing.ts';
import { startSystem, type StartedSystem } from '../src/testing-processes.ts';

// `npm start` with DATABASE_URL=embedded REDIS_URL=none, for real: the start script, every service, the
// worker and the gateway, on an embedded PostgreSQL (whose data folder lives in a temporary folder) and
// nothing else: sessions, rate limits and queues in it too.
const work = mkdtempSync(path.join(os.tmpdir(), 'sleep-ritual-embedded-'));
// As root the server runs as the `postgres` user, which must be able to reach its data folder; the
// start script creates `var/` as it would in a fresh clone.
chmodSync(work, 0o755);
const dataDir = path.join(work, 'var', 'postgres');
const ADMIN_PASSWORD = 'embedded-admin-password';

const runs: StartedSystem[] = [];

async function start(): Promise<StartedSystem & { origin: string }> {
  const { port, env: ports } = await startScriptPorts();
  const run = await startSystem(
    ['--no-build'],
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: 'embedded',
      EMBEDDED_POSTGRES_DIR: dataDir,
      REDIS_URL: 'none',
      QUEUE_PREFIX: 'bull:start-embedded-postgres',
      ...ports,
      MEDIA_DIR: path.join(work, 'media'),
      OUTBOX_DIR: path.join(work, 'outbox'),
      SESSION_KEYS: 'embedded-session-key',
      ADMIN_PASSWORD,
      THRIVECART_SECRET: 'embedded-secret',
      ACCOUNT_HASH_SECRET: 'embedded-hash-secret',
    },
    { timeoutMs: 150_000 },
  );
  runs.push(run);
  const origin = `http://127.0.0.1:${port}`;
  expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  return { ...run, origin };
}

/** The port the banner names for the embedded server. */
function embeddedPort(output: string): number {
  const banner = new RegExp(
    `embedded PostgreSQL 18 in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/ on port (\\d+)`,
  );
  const match = banner.exec(output);
  expect(match, output).not.toBeNull();
  return Number(match![1]);
}

async function signInAsAdmin(origin: string) {
  const admin = createClient(origin);
  const signIn = await admin.request('/api/admin/auth', {
    method: 'POST',
    json: { password: ADMIN_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  return admin;
}

beforeAll(() => {
  // The gateway serves the built pages: build once if this checkout has never been built.
  const built = ['marketing', 'members-app'].every((workspace) =>
    existsSync(path.join(repoRoot, workspace, 'dist', 'index.html')),
  );
  if (!built) {
    const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    });
    expect(build.status).toBe(0);
  }
}, 600_000);

afterAll(async () => {
  for (const run of runs) await run.stop('SIGKILL');
  // A server left running by a failed test: fast shutdown through its postmaster.
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
      await eventually(async () => !existsSync(pidFile), { timeoutMs: 20_000, what: 'the server to stop' });
    } catch {
      // Already gone.
    }
  }
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('npm start with DATABASE_URL=embedded REDIS_URL=none', () => {
  it('serves the product on an embedded PostgreSQL, stops it on Ctrl-C, and finds the same data at the next start', async () => {
    const first = await start();
    const port = embeddedPort(first.output());
    expect(first.output()).toContain('Initialising the embedded PostgreSQL');
    expect(first.output()).toContain('PostgreSQL only (no Redis)');
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const page = await fetch(`${first.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<html/i);

    const title = `Kept between runs ${Date.now()}`;
    const admin = await signInAsAdmin(first.origin);
    const created = await admin.request('/api/admin/programs', { method: 'POST', json: { title } });
    expect(created.status).toBe(201);

    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
    expect(await answersOnPort('127.0.0.1', port)).toBe(false);

    const second = await start();
    expect(second.output()).not.toContain('Initialising');
    embeddedPort(second.output());
    const again = await signInAsAdmin(second.origin);
    const listed = await again.request('/api/admin/programs');
    expect(listed.status).toBe(200);
    expect((await listed.json()).map((program: { title: string }) => program.title)).toContain(title);

    expect(await second.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 360_000);
});
