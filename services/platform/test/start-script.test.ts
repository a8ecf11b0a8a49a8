import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';

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
    expect(lines[0]).toContain('docker compose up -d postgres redis');
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
  });
});
