import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { answersOnPort } from '../../../scripts/lib/local-ports.ts';
import { createDb } from '../src/db.ts';
import { freePort, TEST_DATABASE_URL } from '../src/testing.ts';

function start(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'start.ts'), '--no-build'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SESSION_KEYS: 'k',
      ADMIN_PASSWORD: 'a',
      THRIVECART_SECRET: 's',
      ACCOUNT_HASH_SECRET: 'h',
      ...env,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, lines: result.stderr.trim().split('\n') };
}

describe('npm start, when a dependency is wrong', () => {
  it('stops with one line naming DATABASE_URL when PostgreSQL does not answer there', () => {
    const { status, lines } = start({ DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/sleep_ritual' });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^PostgreSQL did not answer at DATABASE_URL=postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/sleep_ritual/,
    );
    expect(lines[0]).toContain('or unset DATABASE_URL to run an embedded one');
    expect(lines[0]).not.toContain('secret');
  });

  it('stops with one line naming DATABASE_URL when it is not a PostgreSQL URL', () => {
    const { status, lines } = start({ DATABASE_URL: 'mysql://localhost/x' });
    expect(status).toBe(1);
    expect(lines).toEqual([
      'Invalid configuration: DATABASE_URL must be a postgres:// URL naming a database',
    ]);
  });

  it('stops with one line naming REDIS_URL when Redis does not answer there', () => {
    const { status, lines } = start({
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sleep_ritual_test',
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Redis did not answer at REDIS_URL=redis:\/\/127\.0\.0\.1:1/);
    expect(lines[0]).toContain('or set REDIS_URL=none');
  });

  it("stops with one line naming the port when something already listens on the origin's", async () => {
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as net.AddressInfo;
    try {
      const { status, lines } = start({
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sleep_ritual_test',
        REDIS_URL: 'none',
        PORT: String(port),
      });
      expect(status).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Something already listens on port .*\\b${port} \\(PORT\\)`));
    } finally {
      other.close();
    }
  });
});

describe('npm start, once running', () => {
  const ownDatabase = (() => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/sleep_ritual_start_${process.pid}`;
    return url.toString();
  })();
  afterAll(async () => {
    const admin = createDb(TEST_DATABASE_URL, { min: 0, max: 1 });
    try {
      await admin.raw('drop database if exists ?? with (force)', [new URL(ownDatabase).pathname.slice(1)]);
    } finally {
      await admin.destroy();
    }
  });

  it('stops everything when the process that started it is gone (npm does not always pass SIGTERM on)', async () => {
    const ports = { PORT: await freePort(), AUTH_PORT: await freePort(), CATALOG_PORT: await freePort() };
    const more = {
      PROGRESS_PORT: await freePort(),
      WEBHOOKS_PORT: await freePort(),
      WORKER_PORT: await freePort(),
    };
    // Production settings: migrations only, into a database of its own (no demo content anywhere else).
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_KEYS: 'k',
      ADMIN_PASSWORD: 'a',
      THRIVECART_SECRET: 's',
      ACCOUNT_HASH_SECRET: 'h',
      DATABASE_URL: ownDatabase,
      REDIS_URL: 'none',
      ...Object.fromEntries(
        Object.entries({ ...ports, ...more }).map(([name, port]) => [name, String(port)]),
      ),
    };
    // A parent that starts the script and reports its pid, as npm does; then it is killed outright.
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `const child = require('node:child_process').spawn(process.execPath, [${JSON.stringify(path.join(repoRoot, 'scripts', 'start.ts'))}, '--no-build'], { stdio: ['ignore', 'inherit', 'ignore'] });
         console.log('pid ' + child.pid);`,
      ],
      { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 60_000 }).toContain('Sleep Ritual is running at');
    const pid = Number(/pid (\d+)/.exec(output)![1]);
    parent.kill('SIGKILL');

    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 30_000 }).toBe(false);
    for (const port of Object.values({ ...ports, ...more })) {
      await expect.poll(() => answersOnPort('127.0.0.1', port), { timeout: 15_000 }).toBe(false);
    }
  }, 120_000);
});
