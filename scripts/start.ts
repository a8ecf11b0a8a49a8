// `npm start`: builds what is not built, prepares the database, and runs every service, the worker and
// the origin as separate processes until Ctrl-C. Once they are up, one that dies is started again (with
// a growing pause while it keeps dying) and the others keep serving.
//
//   --no-build      skip the build
//   --replicas N    N processes of each service and of the worker behind the origin (REPLICAS)
//   --prod          production-style (`npm run start:prod`): NODE_ENV=production unless set, migrations
//                   only (no demo content), and nginx as the origin with the configuration that
//                   `npm run infra:nginx -- --local` renders into var/nginx-<PORT>/
//
// With DATABASE_URL unset and nothing answering at 127.0.0.1:5432, or with DATABASE_URL=embedded, it
// starts an embedded PostgreSQL with its data in var/postgres (EMBEDDED_POSTGRES_DIR) and stops it
// after everything else. With REDIS_URL unset and nothing answering at 127.0.0.1:6379, it runs on
// PostgreSQL alone (REDIS_URL=none).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '@sleep-ritual/platform/config';
import { createDb, ensureDatabase, migrateLatest } from '@sleep-ritual/platform/db';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { createRedis } from '@sleep-ritual/platform/redis';
import { seedDemo } from '@sleep-ritual/demo/seed';
import { demoLearner } from '@sleep-ritual/demo/demo-catalogue';
import { ensureDemoAudio } from '@sleep-ritual/demo/demo-audio';
import { PAGES_READY_MESSAGE } from '@sleep-ritual/gateway/starting-page';
import { ProcessConsole } from './lib/dev-console.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './lib/embedded-postgres.ts';
import { answersOnPort } from './lib/local-ports.ts';
import { localNginxArgs, writeLocalNginx } from './render-nginx.ts';

const services = ['auth', 'catalog', 'progress', 'webhooks', 'worker'] as const;
/**
 * Every process starts as its package's `start` script does: tracing first (it does nothing unless the
 * OTEL_* variables ask for traces: docs/tracing.md).
 */
const TRACING_PRELOAD = ['--import', '@sleep-ritual/platform/tracing'];
type ServiceName = (typeof services)[number];

const args = process.argv.slice(2);
const skipBuild = args.includes('--no-build');
const prod = args.includes('--prod');
const replicasArgument = args.find((arg) => arg.startsWith('--replicas'));
if (replicasArgument) {
  const value = replicasArgument.includes('=')
    ? replicasArgument.split('=')[1]
    : args[args.indexOf(replicasArgument) + 1];
  process.env.REPLICAS = value ?? '';
}
// The production-style mode runs with production settings unless told otherwise (e.g. NODE_ENV=development
// to try it with the demo content and generated secrets).
if (prod) process.env.NODE_ENV ??= 'production';

const children = new Map<string, ChildProcess>();
let stopping = false;
/** Set once everything answered: from then on a child that dies is started again (see supervise). */
let supervising = false;
/** The pause before a dead child is started again, doubling while it keeps dying quickly. */
const RESTART_FIRST_DELAY_MS = 1_000;
const RESTART_MAX_DELAY_MS = 30_000;
/** A child that ran this long before dying starts again after the first, shortest pause. */
const RESTART_STABLE_MS = 60_000;
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
// npm does not always pass its own SIGTERM on: left without the process that started it, this one stops
// everything rather than leave the system running with nobody to stop it.
const startedBy = process.ppid;
setInterval(() => {
  if (process.ppid !== startedBy) stopAll(0);
}, 1_000).unref();

const embeddedDir = path.resolve(repoRoot, process.env.EMBEDDED_POSTGRES_DIR || path.join('var', 'postgres'));
// Before the configuration is read, so that it and every process started below see the URLs chosen here.
const [embedded] = await Promise.all([chooseDatabase(), chooseRedis()]);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function oneLine(error: unknown): string {
  const [first = ''] = String((error as Error).message ?? error).split('\n');
  return first.trim();
}

/** A folder as the user would name it: from the repository root when inside it. */
function shownPath(dir: string): string {
  const relative = path.relative(repoRoot, dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : dir;
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
if (prod && spawnSync('nginx', ['-v']).error) {
  fail(
    'nginx is not installed: `apt-get install nginx libnginx-mod-http-brotli-static` (Debian), then try again.',
  );
}

await checkDependencies(config);
await checkPortsFree(config);
// The build needs nothing from the database and the services nothing from the build: it runs while the
// database is prepared and the services start, and the origin is announced once it is done.
const built = skipBuild ? Promise.resolve() : startBuild();
const demoLoaded = await prepareDatabase(config);
if (demoLoaded) await prepareDemoAudio(config);

for (const service of services) {
  config.replicaPorts[service].forEach((port, index) => {
    const name = index === 0 ? service : `${service}#${index + 1}`;
    supervise(name, () => startService(name, service, port));
  });
}
if (prod) {
  // nginx proxies to whatever answers: it starts once every replica is ready, so no first request fails.
  await waitUntil(services.flatMap((service) => config.replicaPorts[service].map((port) => readyzUrl(port))));
  await built;
  const { dir } = writeLocalNginx(config);
  supervise('nginx', () => startProcess('nginx', 'nginx', localNginxArgs(dir), process.env));
  await waitUntil([`${originSelf(config)}/healthz`]);
} else {
  // Until the pages are built the gateway answers page requests with a 503 "Starting..." page that
  // reloads itself; the banner comes once everything answers. A gateway started again later hears at
  // once (when it answers) that the pages are ready.
  let pagesReady = false;
  const gatewayReady = `${originSelf(config)}/readyz`;
  supervise('gateway', () => {
    const gateway = startService('gateway', 'gateway');
    if (pagesReady) void tellPagesReady(gateway, gatewayReady);
    return gateway;
  });
  await waitUntil([gatewayReady]);
  await built;
  pagesReady = true;
  children.get('gateway')?.send(PAGES_READY_MESSAGE);
}
printWelcome(config);
supervising = true;

/**
 * DATABASE_URL as given, or the local server when it is unset and one answers; otherwise (or with
 * DATABASE_URL=embedded) an embedded server started here, stopped when this process exits.
 */
async function chooseDatabase(): Promise<EmbeddedPostgres | undefined> {
  const requested = process.env.DATABASE_URL || undefined;
  if (requested !== 'embedded' && (requested !== undefined || (await answersOnPort('127.0.0.1', 5432)))) {
    return undefined;
  }
  const where = shownPath(embeddedDir);
  const reason = requested === 'embedded' ? 'DATABASE_URL=embedded' : 'nothing answers at 127.0.0.1:5432';
  process.stdout.write(`Starting an embedded PostgreSQL in ${where}/ (${reason})\n`);
  let server: EmbeddedPostgres;
  try {
    server = await startEmbeddedPostgres(embeddedDir, 'sleep_ritual', (line) =>
      process.stdout.write(`${line}\n`),
    );
  } catch (error) {
    fail(`The embedded PostgreSQL did not start in ${where}/: ${(error as Error).message}`);
  }
  // Every way out (Ctrl-C once the services have stopped, a failed start, a closed terminal) stops it.
  process.on('exit', () => {
    if (server.stop()) process.stdout.write('Stopped the embedded PostgreSQL.\n');
  });
  process.on('SIGHUP', () => stopAll(0));
  process.env.DATABASE_URL = server.url;
  return server;
}

/** With REDIS_URL unset and no Redis answering locally, the PostgreSQL-only mode (REDIS_URL=none). */
async function chooseRedis(): Promise<void> {
  if (!process.env.REDIS_URL && !(await answersOnPort('127.0.0.1', 6379))) process.env.REDIS_URL = 'none';
}

async function checkDependencies(config: Config): Promise<void> {
  try {
    await ensureDatabase(config.databaseUrl);
  } catch (error) {
    fail(
      `PostgreSQL did not answer at DATABASE_URL=${redactUrl(config.databaseUrl)} (${oneLine(error)}): ` +
        'start PostgreSQL there, or unset DATABASE_URL to run an embedded one, then try again.',
    );
  }
  if (config.redisUrl === null) return;
  const redisUrl = config.redisUrl;
  const redis = createRedis(redisUrl, {
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
      `Redis did not answer at REDIS_URL=${redactUrl(redisUrl)} (${oneLine(refusal ?? error)}): ` +
        'start Redis there, or set REDIS_URL=none to keep everything in PostgreSQL, then try again.',
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * Every port the system listens on must be free: something else answering on the origin's port would
 * be taken for this system (and greet the user with another one's pages).
 */
async function checkPortsFree(config: Config): Promise<void> {
  const ports: [number, string][] = [
    [config.port, 'PORT'],
    ...services.flatMap((service) =>
      config.replicaPorts[service].map((port, index): [number, string] => [
        port,
        index === 0 ? `${service.toUpperCase()}_PORT` : `${service} #${index + 1}`,
      ]),
    ),
  ];
  const taken = [];
  for (const [port, variable] of ports) {
    // IPv6's loopback too: a server bound to "localhost" may listen there only.
    if ((await answersOnPort('127.0.0.1', port)) || (await answersOnPort('::1', port)))
      taken.push(`${port} (${variable})`);
  }
  if (taken.length > 0) {
    fail(
      `Something already listens on port ${taken.join(', ')}: another \`npm start\`? Stop it, or set ` +
        'PORT and the *_PORT variables to free ports (docs/configuration.md), then try again.',
    );
  }
}

/** Migrates; outside production also loads the demo content. Answers whether it did. */
async function prepareDatabase(config: Config): Promise<boolean> {
  const db = createDb(config.databaseUrl, { min: 0, max: 2 });
  try {
    await migrateLatest(db);
    if (config.env === 'production') return false;
    await seedDemo(db);
    return true;
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

/** The build, in the background: a failed build stops everything, and it is stopped if the script ends first. */
function startBuild(): Promise<void> {
  const child = spawn('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
  });
  const stopBuild = () => child.kill('SIGTERM');
  process.on('exit', stopBuild);
  return new Promise((resolve) => {
    const failed = (reason: string) => {
      process.off('exit', stopBuild);
      if (stopping) return;
      process.stderr.write(`The build failed (${reason}): stopping.\n`);
      stopAll(1);
    };
    child.on('error', (error) => failed(error.message));
    child.on('exit', (code) => {
      process.off('exit', stopBuild);
      if (code === 0) resolve();
      else failed('see above');
    });
  });
}

/** A service, the worker or the gateway; a replica listens on its own port (`port`). */
function startService(name: string, workspace: ServiceName | 'gateway', port?: number): ChildProcess {
  const env = { ...process.env };
  if (port !== undefined) env[`${workspace.toUpperCase()}_PORT`] = String(port);
  return startProcess(name, process.execPath, [...TRACING_PRELOAD, 'src/server.ts'], env, workspace);
}

function startProcess(
  name: string,
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv,
  workspace?: string,
): ChildProcess {
  // nginx runs its workers as processes of its own: in a group of its own, so that when its master dies
  // (killed, crashed) the workers it leaves behind, still holding the port, go with it.
  const group = name === 'nginx';
  const child = spawn(command, commandArgs, {
    cwd: workspace ? path.join(repoRoot, 'services', workspace) : repoRoot,
    env,
    // The gateway's IPC channel: it hears from it when the pages are built.
    stdio: name === 'gateway' ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  if (group) {
    child.on('exit', () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Nothing of the group is left.
      }
    });
  }
  const prefix = `[${name}]`.padEnd(13);
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    const output = new ProcessConsole({ prefix, write: (text) => target.write(text) });
    stream?.on('data', (chunk: Buffer) => output.push(chunk));
    stream?.on('end', () => output.end());
  }
  child.on('error', (error) => {
    process.stderr.write(`${prefix}could not start: ${error.message}\n`);
  });
  return child;
}

/**
 * Runs a child under `name` and keeps it running. Until the system is up, a child that stops stops
 * everything (a port in use, a bad setting: starting it again would not help). Once it is up, a child
 * that dies is started again after a pause that doubles with each quick death (1 s, 2 s, 4 s … up to
 * RESTART_MAX_DELAY_MS), while the others keep serving; only Ctrl-C (or SIGTERM) stops everything.
 */
function supervise(name: string, start: () => ChildProcess): void {
  const prefix = `[${name}]`.padEnd(13);
  let quickDeaths = 0;
  const run = () => {
    // Stopping while the start-up goes on: nothing more is started (stopAll ends what runs).
    if (stopping) return;
    const startedAt = Date.now();
    const child = start();
    children.set(name, child);
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `exit ${code}`;
      if (!supervising) {
        process.stderr.write(`${prefix}stopped (${how}); stopping everything.\n`);
        stopAll(1);
        return;
      }
      quickDeaths = Date.now() - startedAt >= RESTART_STABLE_MS ? 0 : quickDeaths + 1;
      const delay = Math.min(
        RESTART_FIRST_DELAY_MS * 2 ** Math.max(0, quickDeaths - 1),
        RESTART_MAX_DELAY_MS,
      );
      process.stderr.write(`${prefix}stopped (${how}); starting it again in ${delay / 1000} s.\n`);
      setTimeout(() => {
        if (!stopping) run();
      }, delay);
    });
  };
  run();
}

/** The origin as this script reaches it: on this machine, unless it listens on one address only. */
function originSelf(config: Config): string {
  const host = config.gatewayHost;
  const local = ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(host);
  const address = local ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${address}:${config.port}`;
}

function readyzUrl(port: number): string {
  return `http://127.0.0.1:${port}/readyz`;
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  );
}

function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 250));
}

/** At start-up everything must answer within a minute, or the start fails with the one that did not. */
async function waitUntil(urls: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const url of urls) {
    while (!(await answers(url))) {
      if (stopping) return;
      if (Date.now() > deadline) fail(`Timed out waiting for ${url}`);
      await pause();
    }
  }
}

/**
 * A gateway started again later hears that the pages are ready once it answers, however long that
 * takes: a slow restart is not a reason to stop the running system (if it dies first, supervision
 * starts another, which is told in turn).
 */
async function tellPagesReady(gateway: ChildProcess, url: string): Promise<void> {
  while (!stopping && gateway.exitCode === null && gateway.signalCode === null) {
    if (await answers(url)) {
      gateway.send(PAGES_READY_MESSAGE);
      return;
    }
    await pause();
  }
}

function printWelcome(config: Config): void {
  const origin = prod ? 'nginx' : 'the development gateway';
  const replicas = config.replicas > 1 ? `, ${config.replicas} processes of each service and worker` : '';
  const lines = [
    '',
    `  Sleep Ritual is running at http://localhost:${config.port} (${origin}${replicas})`,
    '',
    `  Database       ${describeDatabase(config)}`,
    `  Mode           ${describeMode(config)}`,
    '',
  ];
  if (demoLoaded) lines.push(`  Demo learner   ${demoLearner.email} / ${demoLearner.password}`);
  if (config.env !== 'production') {
    lines.push(
      `  Admin password ${config.adminPassword}   (http://localhost:${config.port}/admin)`,
      `  Webhook secret ${config.thrivecartSecret}`,
      `  E-mails        ${config.smtpUrl ? 'sent through SMTP_URL' : `written to ${path.relative(repoRoot, config.outboxDir)}/`}`,
    );
  } else {
    lines.push('  Production settings: migrations only, no demo content.');
  }
  lines.push('', '  Press Ctrl-C to stop.', '');
  process.stdout.write(`${lines.join('\n')}\n`);
}

function describeDatabase(config: Config): string {
  if (!embedded) return `PostgreSQL at ${new URL(config.databaseUrl).host}`;
  const where = `${shownPath(embeddedDir)}/`;
  const state = embedded.startedHere ? '' : ' (already running: it stays running after Ctrl-C)';
  return `embedded PostgreSQL ${embedded.version} in ${where} on port ${embedded.port}${state}`;
}

function describeMode(config: Config): string {
  if (config.redisUrl === null) {
    return 'PostgreSQL only (no Redis): fine for development, evaluation and small installs; production should use Redis';
  }
  return `Redis at ${new URL(config.redisUrl).host}`;
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
