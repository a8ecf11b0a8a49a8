import net from 'node:net';
import type { Knex } from 'knex';
import { loadConfig, type Config } from './config.ts';
import { createDb, ensureDatabase, migrateLatest } from './db.ts';
import { createLogger } from './logger.ts';
import { createBackends } from './backends.ts';
import type { ServiceDeps } from './http/service-app.ts';

/** The database the test suites share; `npm run db:test:prepare` creates and migrates it. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sleep_ritual_test';

/**
 * The store of sessions, rate limits and queues the suites run on: Redis (TEST_REDIS_URL), or
 * PostgreSQL alone with TEST_BACKEND=postgres (the PostgreSQL-only mode, REDIS_URL=none).
 */
export type TestBackend = 'redis' | 'postgres';
export const TEST_BACKEND: TestBackend = process.env.TEST_BACKEND === 'postgres' ? 'postgres' : 'redis';
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The test settings, on TEST_BACKEND's store unless `backend` names one (benchmarks compare both). */
export function testConfig(
  overrides: Record<string, string> = {},
  backend: TestBackend = TEST_BACKEND,
): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: TEST_DATABASE_URL,
    REDIS_URL: backend === 'postgres' ? 'none' : TEST_REDIS_URL,
    SESSION_KEYS: 'test-session-key-one,test-session-key-two',
    ADMIN_PASSWORD: 'test-admin-password',
    THRIVECART_SECRET: 'test-thrivecart-secret',
    ACCOUNT_HASH_SECRET: 'test-account-hash-secret',
    PUBLIC_APP_URL: 'http://localhost:8080',
    ...overrides,
  });
}

/**
 * A database of a test file's own, named after the test database (`…_<suffix>`), created and migrated.
 * For tests of work that reads every row, such as the bedtime reminders' sweep: suites running side by
 * side would otherwise take each other's rows.
 */
export async function ownTestDatabase(suffix: string): Promise<string> {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `${url.pathname}_${suffix}`;
  await ensureDatabase(url.toString());
  const db = createDb(url.toString(), { min: 0, max: 1 });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  return url.toString();
}

/** Real PostgreSQL and Redis (or PostgreSQL-only) backends for a test file; close them in afterAll. */
export function createTestDeps(
  overrides: Record<string, string> = {},
): ServiceDeps & { close(): Promise<void> } {
  const config = testConfig(overrides);
  const db: Knex = createDb(config.databaseUrl, { min: 0, max: 5 });
  const backends = createBackends(config, db, { failFast: false });
  const logger = createLogger({ level: config.logLevel, name: 'test' });
  return {
    config,
    db,
    backends,
    logger,
    async close() {
      await backends.close();
      await db.destroy();
    },
  };
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide on data. */
export function uniqueEmail(prefix = 'learner'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@test.example`;
}

/** Mounts a Koa app on a random local port for a test file. */
export async function listen(app: { callback(): (req: never, res: never) => void }): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const { createHttpServer } = await import('./http/server.ts');
  // As the processes serve (run-service.ts, the gateway).
  const server = createHttpServer(app.callback() as unknown as Parameters<typeof createHttpServer>[0]);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A fetch that keeps cookies between calls, like one browser. Each client comes from its own made-up
 * address (X-Forwarded-For, which the services trust from their proxy), so per-IP rate limits of one
 * test never spill into another.
 */
export function createClient(baseUrl: string, options: { ip?: string } = {}) {
  const cookies = new Map<string, string>();
  const ip = options.ip ?? `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  // Tests read answers loosely (`(await response.json()).error`), so json() is typed `any` here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };
  async function request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<TestResponse> {
    const headers = new Headers(init.headers);
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', ip);
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await fetch(`${baseUrl}${path}`, { ...init, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response as TestResponse;
  }
  return { request, cookies, ip };
}

function randomOctet(): number {
  return Math.floor(Math.random() * 254) + 1;
}

/**
 * A client that already holds a session with the given data (a learner's userId, or isAdmin), written
 * to the session store and signed exactly as the session middleware does: for tests of services other
 * than auth.
 */
export async function clientWithSession(
  baseUrl: string,
  deps: Pick<ServiceDeps, 'backends' | 'config'>,
  data: { userId?: number; isAdmin?: boolean },
) {
  const { randomBytes, createHmac } = await import('node:crypto');
  const { adminPasswordMark, SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } =
    await import('./http/session.ts');
  const id = randomBytes(32).toString('base64url');
  const now = Date.now();
  const admin = data.isAdmin ? { adminOf: adminPasswordMark(deps.config) } : {};
  await deps.backends.sessions.set(
    id,
    JSON.stringify({
      ...data,
      ...admin,
      startedAt: now,
      _expire: now + SESSION_IDLE_MS,
      _maxAge: SESSION_IDLE_MS,
    }),
    SESSION_IDLE_MS,
    data.userId ? { id: data.userId, indexMs: SESSION_ABSOLUTE_MS } : undefined,
  );
  // Keygrip's signature: HMAC-SHA1 of "name=value" under the first key, base64url without padding.
  const signature = createHmac('sha1', deps.config.sessionKeys[0]!)
    .update(`${SESSION_COOKIE}=${id}`)
    .digest('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  const client = createClient(baseUrl);
  client.cookies.set(SESSION_COOKIE, id);
  client.cookies.set(`${SESSION_COOKIE}.sig`, signature);
  return Object.assign(client, { sessionId: id });
}

/** Polls `check` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  { timeoutMs = 10_000, intervalMs = 100, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** What `action` answers, and the SQL of every statement `db` sent while it ran (to count round trips). */
export async function statementsDuring<T>(
  db: Knex,
  action: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const heard = (query: { sql: string }) => statements.push(query.sql);
  db.on('query', heard);
  try {
    return { result: await action(), statements };
  } finally {
    db.off('query', heard);
  }
}

/** A local TCP port nothing listens on right now, for a server that cannot pick its own (port 0). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether nothing listens on `port` (127.0.0.1) right now. */
async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  return listening;
}

/**
 * Free ports for a whole system that scripts/start.ts runs: the origin's (`port`) and each service's
 * and the worker's, far enough apart for their replicas (each at +5), and the same as its environment.
 * They are picked below the kernel's ephemeral range (32768 and up), where no other test's port-0
 * listener or outgoing connection can take a replica's port before it starts.
 */
export async function startScriptPorts() {
  const ports: number[] = [];
  while (ports.length < 6) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (ports.some((other) => Math.abs(other - port) <= 40)) continue;
    if ((await portIsFree(port)) && (await portIsFree(port + 5))) ports.push(port);
  }
  const [port, auth, catalog, progress, webhooks, worker] = ports as [number, ...number[]];
  const services = {
    auth: auth!,
    catalog: catalog!,
    progress: progress!,
    webhooks: webhooks!,
    worker: worker!,
  };
  const env: Record<string, string> = { PORT: String(port) };
  for (const [name, value] of Object.entries(services)) env[`${name.toUpperCase()}_PORT`] = String(value);
  return { port, services, env };
}
