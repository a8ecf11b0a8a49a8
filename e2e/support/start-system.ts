// Starts the whole system for the browser tests on a fresh database, an empty outbox and media store.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { createDb } from '@sleep-ritual/platform/db';
import { e2eEnv, repoRoot } from './env.ts';

const url = new URL(e2eEnv.DATABASE_URL);
const name = url.pathname.slice(1);
url.pathname = '/postgres';
const admin = createDb(url.toString(), { min: 0, max: 1 });
await admin.raw('drop database if exists ?? with (force)', [name]);
await admin.destroy();
rmSync(e2eEnv.OUTBOX_DIR, { recursive: true, force: true });
rmSync(e2eEnv.MEDIA_DIR, { recursive: true, force: true });

const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'scripts', 'start.ts'), '--no-build'],
  {
    cwd: repoRoot,
    env: { ...process.env, ...e2eEnv },
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
