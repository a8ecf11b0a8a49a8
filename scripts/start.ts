// `npm start`: builds what is not built, prepares the database, and runs every service, the worker and
// the gateway as separate processes until Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '@sleep-ritual/platform/config';
import { createDb, ensureDatabase, migrateLatest } from '@sleep-ritual/platform/db';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { createRedis } from '@sleep-ritual/platform/redis';
import { seedDemo } from '@sleep-ritual/platform/db/seed';
import { demoLearner } from '@sleep-ritual/platform/db/seeds/demo-catalogue';
import { ensureDemoAudio } from '@sleep-ritual/platform/media/demo-audio';

const processes = ['auth', 'catalog', 'progress', 'webhooks', 'worker', 'gateway'] as const;
const skipBuild = process.argv.includes('--no-build');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function oneLine(error: unknown): string {
  return String((error as Error).message ?? error)
    .split('\n')[0]!
    .trim();
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

await checkDependencies(config);
if (!skipBuild) await run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
await prepareDatabase(config);
await prepareDemoAudio(config);

const children = new Map<string, ChildProcess>();
for (const name of processes) children.set(name, startProcess(name));
let stopping = false;
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

await waitUntilReady(config);
printWelcome(config);

async function checkDependencies(config: Config): Promise<void> {
  try {
    await ensureDatabase(config.databaseUrl);
  } catch (error) {
    fail(
      `PostgreSQL did not answer at DATABASE_URL=${redactUrl(config.databaseUrl)} (${oneLine(error)}): ` +
        'start a local PostgreSQL server, or run `docker compose up -d postgres redis`, then try again.',
    );
  }
  const redis = createRedis(config.redisUrl, {
    failFast: true,
    lazyConnect: true,
    retryStrategy: () => null,
  });
  let refusal: Error | undefined;
  redis.on('error', (error: Error) => (refusal ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    fail(
      `Redis did not answer at REDIS_URL=${redactUrl(config.redisUrl)} (${oneLine(refusal ?? error)}): ` +
        'start a local Redis server, or run `docker compose up -d postgres redis`, then try again.',
    );
  } finally {
    redis.disconnect();
  }
}

async function prepareDatabase(config: Config): Promise<void> {
  const db = createDb(config.databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(db);
    await seedDemo(db);
  } finally {
    await db.destroy();
  }
}

/** The demo nights' audio, generated once into MEDIA_DIR (a few seconds, the first time only). */
async function prepareDemoAudio(config: Config): Promise<void> {
  const written = await ensureDemoAudio(config.mediaDir);
  if (written.length > 0) {
    process.stdout.write(
      `Wrote the demo's audio (${written.length} tracks) into ${path.relative(repoRoot, config.mediaDir)}/demo/\n`,
    );
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed`)),
    );
  });
}

function startProcess(name: (typeof processes)[number]): ChildProcess {
  const cwd = path.join(repoRoot, 'services', name);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd,
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${name}]`.padEnd(11);
  const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) stream.write(`${prefix}${line}\n`);
  };
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`${prefix}stopped (${signal ?? `exit ${code}`}); stopping everything.\n`);
    stopAll(1);
  });
  return child;
}

async function waitUntilReady(config: Config): Promise<void> {
  const url = `http://127.0.0.1:${config.port}/readyz`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(url).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) fail(`Timed out waiting for ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function printWelcome(config: Config): void {
  const lines = [
    '',
    `  Sleep Ritual is running at http://localhost:${config.port}`,
    '',
    `  Demo learner   ${demoLearner.email} / ${demoLearner.password}`,
  ];
  if (config.env !== 'production') {
    lines.push(
      `  Admin password ${config.adminPassword}   (http://localhost:${config.port}/admin)`,
      `  Webhook secret ${config.thrivecartSecret}`,
      `  E-mails        ${config.smtpUrl ? 'sent through SMTP_URL' : `written to ${path.relative(repoRoot, config.outboxDir)}/`}`,
    );
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  const alive = [...children.values()].filter(
    (child) => child.exitCode === null && child.signalCode === null,
  );
  for (const child of alive) child.kill('SIGTERM');
  let remaining = alive.length;
  if (remaining === 0) process.exit(code);
  for (const child of alive) {
    child.on('exit', () => {
      remaining -= 1;
      if (remaining === 0) process.exit(code);
    });
  }
  setTimeout(() => process.exit(code), 20_000).unref();
}
