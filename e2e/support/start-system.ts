// Starts the whole system for the browser tests on a fresh database, empty queues and an empty outbox;
// the uploads of earlier runs leave the media store (the demo's audio, rendered once, stays).
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { isMediaName } from '@sleep-ritual/contracts/media';
import { createDb, ensureDatabase, migrateLatest } from '@sleep-ritual/platform/db';
import { seedDemo } from '@sleep-ritual/demo/seed';
import { e2eEnv, e2eOrigin, repoRoot } from './env.ts';
import { emptyQueues } from './queues.ts';

const url = new URL(e2eEnv.DATABASE_URL);
const name = url.pathname.slice(1);
url.pathname = '/postgres';
const admin = createDb(url.toString(), { min: 0, max: 1 });
await admin.raw('drop database if exists ?? with (force)', [name]);
await admin.destroy();
await emptyQueues();
rmSync(e2eEnv.OUTBOX_DIR, { recursive: true, force: true });
mkdirSync(e2eEnv.MEDIA_DIR, { recursive: true });
for (const file of readdirSync(e2eEnv.MEDIA_DIR)) {
  if (isMediaName(file)) rmSync(path.join(e2eEnv.MEDIA_DIR, file));
}

const startArgs = ['--no-build', '--replicas', e2eEnv.REPLICAS];
if (e2eOrigin === 'nginx') {
  // Production settings load no demo content: the tests' fixtures (the demo programmes and learner) are
  // put in place here, before the system starts on the database.
  await ensureDatabase(e2eEnv.DATABASE_URL);
  const db = createDb(e2eEnv.DATABASE_URL, { min: 0, max: 1 });
  await migrateLatest(db);
  await seedDemo(db);
  await db.destroy();
  startArgs.push('--prod');
}

const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'start.ts'), ...startArgs], {
  cwd: repoRoot,
  env: { ...process.env, ...e2eEnv },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
