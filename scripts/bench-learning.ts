// `npm run bench:learning`: throughput and p99 latency of GET /api/classes/{id}/details and
// PUT /api/progress/{classId} at 100 concurrent keep-alive connections, each beside a bare node:http
// server measured in the same run, answering the same body. Class details are measured straight from the catalog service and
// through the origin in front of it: the development gateway, and nginx with the configuration
// `npm run start:prod` renders (when nginx is installed) in front of 2 catalog replicas, and for scale in
// front of one replica that takes all of the load and in front of 2 bare servers (what two processes
// behind nginx cost on this machine, whatever they run). Progress
// writes are measured across learners and on one learner's row, each as a share of the bare server.
// Before each measurement it waits (up to 2 minutes) for the load average to fall under 2, the quiet
// machine the goals assume, and prints it. On Redis (the default), what a signed-in
// request costs is measured in the PostgreSQL-only mode too (REDIS_URL=none: sessions in PostgreSQL),
// by a second catalog measured in the same turns; TEST_BACKEND=postgres runs everything in that mode.
// Class details, straight from the catalog and through the gateway, are also measured with tracing on
// (each process preloading the tracing module and exporting over OTLP to a sink in this process), beside
// the same untraced, to print what tracing costs (goal: at most 15 % fewer requests a second): sampling
// every request, and a tenth of the traces as the Kubernetes tracing overlay does.
// Not a test: it prints figures. Each server runs in its own child process (the load generator is this
// process) against the test database with data seeded for the run and removed afterwards.
// BENCH_SECONDS (default 5) sets each measurement's length, BENCH_LOG_LEVEL (default warn) the
// services' log level.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, ensureDatabase, migrateLatest, type Knex } from '@sleep-ritual/platform/db';
import { createLogger } from '@sleep-ritual/platform/logger';
import { ACCESS_STATUS } from '@sleep-ritual/learning/purchase-access';
import { createBackends, type Backends } from '@sleep-ritual/platform/backends';
import type { Config } from '@sleep-ritual/platform/config';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { runTestNginx } from '@sleep-ritual/platform/testing-nginx';
import {
  clientWithSession,
  freePort,
  TEST_BACKEND,
  TEST_DATABASE_URL,
  testConfig,
  type TestBackend,
} from '@sleep-ritual/platform/testing';
import { printColumns } from './lib/print-table.ts';
import { procCpuMicros } from './lib/proc-cpu.ts';
import { localNginxArgs, renderLocalNginx, thisMachine } from './render-nginx.ts';
import { SIGNED_OUT } from '@sleep-ritual/platform/session-store';

const CONCURRENCY = 100;
const LEARNERS = 500;
const CLASSES = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 2;
/** Each measurement is taken in this many slices, in turn with the others it is compared with. */
const ROUNDS = 5;
const MAX_REQUESTS = 1_000_000;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
/** On Redis, a signed-in request is measured in the PostgreSQL-only mode as well, in the same run. */
const COMPARE_POSTGRES_ONLY = TEST_BACKEND === 'redis';

/** The goals of the origin in front of the catalog: its share of the bare server, and its p99. */
const ORIGIN_SHARE_GOAL = 0.5;
const ORIGIN_P99_GOAL_MS = 50;
/** Catalog replicas behind nginx, as `npm run start:prod -- --replicas 2` runs them. */
const NGINX_REPLICAS = 2;
/** Progress writes as shares of the bare server: across many learners, and on one learner's row. */
const WRITES_SHARE_GOAL = 0.15;
const ONE_ROW_SHARE_GOAL = 0.05;
/** The figures are comparable only on a quiet machine: the load average below this before a run. */
const QUIET_LOAD_AVERAGE = 2;

/** How long to wait for the load of an earlier measurement (or anything else) to settle. */
const SETTLE_MS = 120_000;

/**
 * Waits (up to SETTLE_MS) for the 1-minute load average to fall under QUIET_LOAD_AVERAGE, then prints
 * it: the previous measurement's own load must not count against the next. A machine still busy after
 * the wait is said to be one.
 */
async function awaitQuietMachine(what: string): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while ((loadavg()[0] ?? 0) >= QUIET_LOAD_AVERAGE && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  const [one = 0, five = 0] = loadavg();
  const quiet = one < QUIET_LOAD_AVERAGE;
  console.log(
    `load average before ${what}: ${one.toFixed(2)} (5 min ${five.toFixed(2)}) — ` +
      (quiet ? 'quiet' : `NOT quiet (goal < ${QUIET_LOAD_AVERAGE}): these figures are not comparable`),
  );
}
/** The most throughput tracing may cost class details, direct or through the gateway (share of untraced). */
const TRACING_COST_GOAL = 0.15;
/** The share of traces the Kubernetes tracing overlay samples (infra/k8s/overlays/tracing). */
const PRODUCTION_SAMPLE_RATIO = 0.1;

type ServerKind = 'bare' | 'catalog' | 'progress' | 'gateway';

const serveArgument = process.argv.find((arg) => arg.startsWith('--serve='));
if (serveArgument) {
  const upstream = process.argv.find((arg) => arg.startsWith('--catalog-port='))?.split('=')[1];
  await serve(serveArgument.slice('--serve='.length) as ServerKind, upstream);
} else {
  await main();
}

/** Child mode: listen on a free local port and tell the parent which. */
async function serve(kind: ServerKind, catalogPort?: string): Promise<void> {
  let handler: http.RequestListener;
  if (kind === 'gateway') {
    // As services/gateway/src/server.ts, in front of the catalog child.
    if (catalogPort === undefined) throw new Error('The gateway needs the catalog port');
    const config = testConfig({ LOG_LEVEL, CATALOG_PORT: catalogPort });
    const { createGateway } = await import('@sleep-ritual/gateway/app');
    handler = createGateway({
      config,
      logger: createLogger({ level: config.logLevel, name: 'gateway' }),
      marketingDir: path.join(repoRoot, 'marketing', 'dist'),
      membersAppDir: path.join(repoRoot, 'members-app', 'dist'),
    }).callback();
  } else if (kind === 'bare') {
    // The same bodies as the calls it is measured beside (see answerAsMeasured): a GET answers what class
    // details answered, a PUT what a progress write answered.
    const bodies: Record<string, string> = { GET: '{}', PUT: '{}' };
    process.on('message', (message: { bodies?: Record<string, string> }) => {
      if (!message.bodies) return;
      Object.assign(bodies, message.bodies);
      process.send?.({ bodiesSet: true });
    });
    handler = (req, res) => {
      req.resume();
      req.on('end', () => {
        const body = bodies[req.method ?? 'GET'] ?? '{}';
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
      });
    };
  } else {
    const config = testConfig({ LOG_LEVEL });
    // The same pool and backends as the services' server.ts (runService).
    const db = createDb(config.databaseUrl);
    const deps = {
      config,
      logger: createLogger({ level: config.logLevel, name: kind }),
      db,
      backends: createBackends(config, db, { failFast: true }),
    };
    const { createApp } =
      kind === 'catalog'
        ? await import('@sleep-ritual/catalog/app')
        : await import('@sleep-ritual/progress/app');
    handler = (await createApp(deps)).callback();
  }
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  const send = process.send?.bind(process);
  if (!send) throw new Error('A benchmark server runs as a child process with an IPC channel');
  server.listen(0, '127.0.0.1', () => send({ port: (server.address() as { port: number }).port }));
  // The parent asks for this process's CPU time around each measurement.
  process.on('message', (message) => {
    if (message === 'cpu') send({ cpu: process.cpuUsage() });
  });
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
}

/** What the load is sent to: a port, and the CPU time spent behind it (every process answering). */
type Origin = { port: number; cpuMicros(): Promise<number> };
type Server = Origin & { child: ChildProcess };

/**
 * `traceTo`: the child preloads the tracing module as the services do and exports over OTLP
 * (http/protobuf) to that endpoint every span (always_on), or with `sampleRatio` the spans of that
 * share of the traces (parentbased_traceidratio).
 */
function startServer(
  kind: ServerKind,
  options: { catalog?: Server; backend?: TestBackend; traceTo?: string; sampleRatio?: number } = {},
): Promise<Server> {
  const { catalog, backend = TEST_BACKEND, traceTo, sampleRatio } = options;
  const args = [`--serve=${kind}`, ...(catalog ? [`--catalog-port=${catalog.port}`] : [])];
  const tracing = traceTo
    ? {
        OTEL_EXPORTER_OTLP_ENDPOINT: traceTo,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        ...(sampleRatio === undefined
          ? { OTEL_TRACES_SAMPLER: 'always_on' }
          : {
              OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
              OTEL_TRACES_SAMPLER_ARG: String(sampleRatio),
            }),
        OTEL_SERVICE_NAME: `sleep-ritual-${kind}`,
      }
    : {};
  // The child's testConfig() reads its store from TEST_BACKEND.
  const child = fork(fileURLToPath(import.meta.url), args, {
    env: { ...process.env, TEST_BACKEND: backend, ...tracing },
    execArgv: traceTo ? ['--import', '@sleep-ritual/platform/tracing'] : process.execArgv,
  });
  const ownCpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', ({ cpu }: { cpu: NodeJS.CpuUsage }) => resolve(cpu.user + cpu.system));
      child.send('cpu');
    });
  // An origin's figure is its own CPU and the catalog's behind it: what one request costs the machine.
  const cpuMicros = catalog ? async () => (await ownCpu()) + (await catalog.cpuMicros()) : ownCpu;
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ port: message.port, child, cpuMicros }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code}`)));
  });
}

/**
 * nginx with the configuration `npm run start:prod` renders, in front of `replicas` (catalog children, or
 * bare servers for scale) as the catalog's upstream; undefined when nginx is not installed.
 */
async function startNginx(replicas: Server[]): Promise<(Origin & { dispose(): Promise<void> }) | undefined> {
  if (spawnSync('nginx', ['-v']).error) return undefined;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const unused = [1];
  const nginx = await runTestNginx({
    confDir: dir,
    files: renderLocalNginx({
      dir,
      port,
      upstreamPorts: {
        auth: unused,
        catalog: replicas.map((replica) => replica.port),
        progress: unused,
        webhooks: unused,
      },
      roots: {
        marketing: path.join(repoRoot, 'marketing', 'dist'),
        membersApp: path.join(repoRoot, 'members-app', 'dist'),
        media: testConfig().mediaDir,
      },
      ipv6: false,
      ...thisMachine(),
    }),
    args: localNginxArgs(dir),
    base: `http://127.0.0.1:${port}`,
  });
  return {
    port,
    cpuMicros: async () => {
      if (nginx.pid === undefined) throw new Error('nginx has no process id');
      return (
        (await procCpuMicros(nginx.pid)) +
        (await Promise.all(replicas.map((replica) => replica.cpuMicros()))).reduce((a, b) => a + b, 0)
      );
    },
    async dispose() {
      await nginx.stop();
      // What nginx wrote to its error log (an upstream refusing connections, say) shows with the figures.
      if (nginx.stderr().trim()) console.error(nginx.stderr().trim());
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An OTLP receiver that takes every export and keeps only its count and size (the traced children's sink). */
async function startTraceSink() {
  const received = { exports: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (received.bytes += chunk.length));
    req.on('end', () => {
      received.exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

type RequestSpec = { method: 'GET' | 'PUT'; path: string; cookie?: string; body?: string };
type Result = {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time the server process spent per request: unlike req/s, barely moved by other load. */
  cpuMicrosPerRequest?: number;
};

type Load = { latencies: number[]; seconds: number; failures: number };

/** Keeps `CONCURRENCY` requests in flight over keep-alive connections until the time or count runs out. */
async function load(port: number, seconds: number, next: (index: number) => RequestSpec): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let issued = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;

  const send = (spec: RequestSpec) =>
    new Promise<number>((resolve, reject) => {
      const headers: Record<string, string> = {};
      if (spec.cookie) headers.cookie = spec.cookie;
      if (spec.body) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(spec.body));
      }
      const req = http.request(
        { host: '127.0.0.1', port, agent, method: spec.method, path: spec.path, headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(spec.body);
    });

  const connection = async () => {
    while (performance.now() < deadline && issued < MAX_REQUESTS) {
      const spec = next(issued++);
      const sent = performance.now();
      const status = await send(spec).catch(() => 0);
      latencies.push(performance.now() - sent);
      if (status < 200 || status >= 300) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, connection));
  agent.destroy();
  return { latencies, seconds: (performance.now() - started) / 1000, failures };
}

type Measured = { server: Origin; next: (index: number) => RequestSpec };

/**
 * Measures several servers in turns, ROUNDS rounds of SECONDS / ROUNDS each after a warm-up of each,
 * so that whatever else the machine does during the run weighs on all of them alike and their ratios
 * hold on a busy machine.
 */
async function measureInTurns(entries: Measured[]): Promise<Result[]> {
  for (const { server, next } of entries) await load(server.port, WARM_UP_SECONDS, next);
  const totals = entries.map(() => ({ latencies: [] as number[], seconds: 0, failures: 0, cpu: 0 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { server, next }] of entries.entries()) {
      const total = totals[index];
      if (!total) throw new Error(`No totals for server ${index}`);
      const cpuBefore = await server.cpuMicros();
      const slice = await load(server.port, SECONDS / ROUNDS, next);
      total.cpu += (await server.cpuMicros()) - cpuBefore;
      for (const latency of slice.latencies) total.latencies.push(latency);
      total.seconds += slice.seconds;
      total.failures += slice.failures;
    }
  }
  return totals.map(({ latencies, seconds, failures, cpu }) => {
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return {
      requests: latencies.length,
      seconds,
      rps: latencies.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
      failures,
      cpuMicrosPerRequest: cpu / latencies.length,
    };
  });
}

type Fixture = {
  programId: number;
  classIds: number[];
  /** Each learner's session cookie, and one for the PostgreSQL-only mode's store when it is compared. */
  learners: { userId: number; cookie: string; postgresOnlyCookie?: string }[];
};

/** A session of the learner, written to the store as the session middleware does: its signed cookie. */
async function signIn(backends: Backends, config: Config, userId: number): Promise<string> {
  const client = await clientWithSession('http://127.0.0.1', { backends, config }, { userId });
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

async function seed(db: Knex, run: string): Promise<Fixture> {
  const [program] = await db('programs')
    .insert({ title: `Bench ${run}` })
    .returning('id');
  const [phase] = await db('phases')
    .insert({ programId: program.id, title: `Bench phase ${run}` })
    .returning('id');
  const [path] = await db('paths')
    .insert({ phaseId: phase.id, title: `Bench path ${run}` })
    .returning('id');
  const classRows = await db('classes')
    .insert(
      Array.from({ length: CLASSES }, (_, index) => ({
        pathId: path.id,
        title: `Bench class ${index + 1}`,
        description: 'A slow body scan that sets down the day.',
        vimeoVideoId: `https://vimeo.com/${76979871 + index}`,
        durationMinutes: 16,
        orderIndex: index,
      })),
    )
    .returning('id');
  const users = await db('users')
    .insert(
      Array.from({ length: LEARNERS }, (_, index) => ({ email: `bench-${run}-${index}@bench.example` })),
    )
    .returning('id');
  await db('purchases').insert(
    users.map((user: { id: number }) => ({
      userId: user.id,
      programId: program.id,
      status: ACCESS_STATUS,
      thriveOrderId: `BENCH-${run}-${user.id}`,
    })),
  );
  return {
    programId: program.id,
    classIds: classRows.map((row: { id: number }) => row.id),
    learners: [],
  };
}

async function main(): Promise<void> {
  await ensureDatabase(TEST_DATABASE_URL);
  const config = testConfig({ LOG_LEVEL });
  const db = createDb(config.databaseUrl, { min: 0, max: 2 });
  const backends = createBackends(config, db, { failFast: false });
  const postgresOnlyConfig = testConfig({ LOG_LEVEL }, 'postgres');
  const postgresOnlyBackends = createBackends(postgresOnlyConfig, db, { failFast: false });
  await migrateLatest(db);
  const run = `${Date.now().toString(36)}-${process.pid}`;
  const fixture = await seed(db, run);
  // A live database has planner statistics (autovacuum keeps them); freshly bulk-inserted rows do not yet.
  await db.raw('analyze users, purchases, programs, phases, paths, classes');
  const users = await db('users').where('email', 'like', `bench-${run}-%`).orderBy('id').select('id');
  for (const user of users) {
    fixture.learners.push({
      userId: user.id,
      cookie: await signIn(backends, config, user.id),
      postgresOnlyCookie: COMPARE_POSTGRES_ONLY
        ? await signIn(postgresOnlyBackends, postgresOnlyConfig, user.id)
        : undefined,
    });
  }

  const children: ChildProcess[] = [];
  const traceSink = await startTraceSink();
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  // For scale: the same nginx in front of one replica, which takes all of the load alone.
  let nginxOneReplica: Awaited<ReturnType<typeof startNginx>>;
  // For scale: the same nginx in front of bare servers, one per replica: what the shape itself costs.
  let nginxBare: Awaited<ReturnType<typeof startNginx>>;
  try {
    const bare = await startServer('bare');
    const catalog = await startServer('catalog');
    const progress = await startServer('progress');
    const gateway = await startServer('gateway', { catalog });
    const tracedCatalog = await startServer('catalog', { traceTo: traceSink.url });
    const tracedGateway = await startServer('gateway', { catalog: tracedCatalog, traceTo: traceSink.url });
    const sampled = { traceTo: traceSink.url, sampleRatio: PRODUCTION_SAMPLE_RATIO };
    const sampledCatalog = await startServer('catalog', sampled);
    const sampledGateway = await startServer('gateway', { catalog: sampledCatalog, ...sampled });
    const postgresOnlyCatalog = COMPARE_POSTGRES_ONLY
      ? await startServer('catalog', { backend: 'postgres' })
      : undefined;
    children.push(
      bare.child,
      catalog.child,
      progress.child,
      gateway.child,
      tracedCatalog.child,
      tracedGateway.child,
      sampledCatalog.child,
      sampledGateway.child,
    );
    if (postgresOnlyCatalog) children.push(postgresOnlyCatalog.child);
    // NGINX_REPLICAS servers of a kind: `first` and as many more.
    const replicasOf = async (first: Server, kind: ServerKind) => {
      const replicas = [first];
      while (replicas.length < NGINX_REPLICAS) {
        const another = await startServer(kind);
        children.push(another.child);
        replicas.push(another);
      }
      return replicas;
    };
    nginx = await startNginx(await replicasOf(catalog, 'catalog'));
    nginxOneReplica = await startNginx([catalog]);
    const bareReplicas = await replicasOf(bare, 'bare');
    nginxBare = await startNginx(bareReplicas);

    const learnerAt = (index: number) => {
      const learner = fixture.learners[index % LEARNERS];
      if (!learner) throw new Error(`The fixture has no learner ${index % LEARNERS}`);
      return learner;
    };
    const postgresOnlyCookieOf = ({ postgresOnlyCookie }: { postgresOnlyCookie?: string }) => {
      if (postgresOnlyCookie === undefined)
        throw new Error('The fixture was made without PostgreSQL-only sessions');
      return postgresOnlyCookie;
    };
    const classAt = (index: number) => {
      const classId = fixture.classIds[Math.floor(index / LEARNERS) % CLASSES];
      if (classId === undefined)
        throw new Error(`The fixture has no class ${Math.floor(index / LEARNERS) % CLASSES}`);
      return classId;
    };
    const classDetails = (index: number): RequestSpec => ({
      method: 'GET',
      path: `/api/classes/${classAt(index)}/details`,
      cookie: learnerAt(index).cookie,
    });
    const signedIn400 = (index: number): RequestSpec => ({
      method: 'GET',
      path: '/api/classes/not-an-id/details',
      cookie: learnerAt(index).cookie,
    });
    // The same requests with the learner's session in the PostgreSQL-only mode's store.
    const inPostgresOnly = (next: (index: number) => RequestSpec) => (index: number) => ({
      ...next(index),
      cookie: postgresOnlyCookieOf(learnerAt(index)),
    });
    // Many learners each send a heartbeat for one of the classes, the position moving on.
    const heartbeat = (index: number): RequestSpec => ({
      method: 'PUT',
      path: `/api/progress/${classAt(index)}`,
      cookie: learnerAt(index).cookie,
      body: JSON.stringify({ position_sec: 30 + (index % 900), duration_sec: 960, event_type: 'timeupdate' }),
    });
    // One learner's player on one class: every request goes to the same row.
    const oneRowHeartbeat = (index: number): RequestSpec => ({
      ...heartbeat(0),
      body: heartbeat(index).body,
    });

    for (const server of bareReplicas) {
      await answerAsMeasured(server, [
        { server: catalog, spec: classDetails(0) },
        { server: progress, spec: heartbeat(0) },
      ]);
    }

    console.log(
      `bench:learning — ${CONCURRENCY} connections, ${SECONDS} s each (in ${ROUNDS} turns) after ${WARM_UP_SECONDS} s warm-up, ` +
        `${LEARNERS} learners × ${CLASSES} classes, log level ${LOG_LEVEL}, ` +
        `${TEST_BACKEND === 'redis' ? 'sessions in Redis' : 'PostgreSQL-only mode (sessions in PostgreSQL)'}\n`,
    );
    await awaitQuietMachine('the reads');
    // Two floors of the catalog app itself: the shared middleware without a session, and a signed-in
    // request that the router refuses (400) before any query: what the session alone costs.
    const reads = await measureInTurns([
      { server: bare, next: classDetails },
      { server: catalog, next: () => ({ method: 'GET', path: '/healthz' }) },
      { server: catalog, next: signedIn400 },
      { server: catalog, next: classDetails },
      { server: gateway, next: classDetails },
      { server: tracedGateway, next: classDetails },
      { server: sampledGateway, next: classDetails },
      { server: tracedCatalog, next: classDetails },
      { server: sampledCatalog, next: classDetails },
      ...(nginx && nginxOneReplica && nginxBare
        ? [
            { server: nginx, next: classDetails },
            { server: nginxOneReplica, next: classDetails },
            { server: nginxBare, next: classDetails },
          ]
        : []),
      ...(postgresOnlyCatalog
        ? [
            { server: postgresOnlyCatalog, next: inPostgresOnly(signedIn400) },
            { server: postgresOnlyCatalog, next: inPostgresOnly(classDetails) },
          ]
        : []),
    ]);
    const [
      bareGet,
      healthz,
      sessionOnly,
      details,
      viaGateway,
      viaGatewayTraced,
      viaGatewaySampled,
      detailsTraced,
      detailsSampled,
      ...others
    ] = reads as [Result, Result, Result, Result, Result, Result, Result, Result, Result, ...Result[]];
    const viaNginx = nginx ? others.shift() : undefined;
    const viaNginxOneReplica = nginx ? others.shift() : undefined;
    const viaNginxBare = nginx ? others.shift() : undefined;
    const [postgresOnlySession, postgresOnlyDetails] = others;
    await awaitQuietMachine('the writes');
    const [barePut, writes, oneRow] = (await measureInTurns([
      { server: bare, next: heartbeat },
      { server: progress, next: heartbeat },
      { server: progress, next: oneRowHeartbeat },
    ])) as [Result, Result, Result];
    printTable([
      ['bare node:http GET', bareGet],
      ['catalog GET /healthz (no session)', healthz],
      ['catalog signed-in 400 (session, no query)', sessionOnly],
      ...(postgresOnlySession
        ? [['  the same in the PostgreSQL-only mode', postgresOnlySession] as [string, Result]]
        : []),
      ['GET /api/classes/{id}/details', details],
      ...(postgresOnlyDetails
        ? [['  the same in the PostgreSQL-only mode', postgresOnlyDetails] as [string, Result]]
        : []),
      ['  the same, traced (every span exported)', detailsTraced],
      [
        `  the same, traced as production samples (${PRODUCTION_SAMPLE_RATIO * 100}% of traces)`,
        detailsSampled,
      ],
      ['  the same through the gateway (npm start)', viaGateway],
      ['  the same through the gateway, traced (every span exported)', viaGatewayTraced],
      [
        `  the same through the gateway, traced as production samples (${PRODUCTION_SAMPLE_RATIO * 100}% of traces)`,
        viaGatewaySampled,
      ],
      ...(viaNginx
        ? [
            [
              `  the same through nginx, ${NGINX_REPLICAS} catalog replicas (npm run start:prod)`,
              viaNginx,
            ] as [string, Result],
          ]
        : []),
      ...(viaNginxOneReplica
        ? [
            ['  the same through nginx, 1 catalog replica (for scale)', viaNginxOneReplica] as [
              string,
              Result,
            ],
          ]
        : []),
      ...(viaNginxBare
        ? [
            [`  nginx in front of ${NGINX_REPLICAS} bare node:http servers (for scale)`, viaNginxBare] as [
              string,
              Result,
            ],
          ]
        : []),
      ['bare node:http PUT', barePut],
      ['PUT /api/progress/{classId}, many learners', writes],
      ["PUT /api/progress/{classId}, one learner's row", oneRow],
    ]);

    const share = details.rps / bareGet.rps;
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    console.log('');
    console.log(
      `class details: ${(share * 100).toFixed(0)}% of the bare server's throughput (goal ≥ 30%) ${verdict(share >= 0.3)}; ` +
        `p99 ${details.p99.toFixed(1)} ms (goal < 50 ms) ${verdict(details.p99 < 50)}`,
    );
    for (const [name, result] of [
      ['the gateway', viaGateway],
      ['nginx', viaNginx],
    ] as const) {
      if (!result) {
        console.log(`  through nginx: not measured (nginx is not installed)`);
        continue;
      }
      const originShare = result.rps / bareGet.rps;
      console.log(
        `  through ${name}: ${pct(result, bareGet)} of the bare server beside ${pct(details, bareGet)} direct ` +
          `(goal ≥ ${ORIGIN_SHARE_GOAL * 100}%) ${verdict(originShare >= ORIGIN_SHARE_GOAL)}; ` +
          `p99 ${result.p99.toFixed(1)} ms (goal < ${ORIGIN_P99_GOAL_MS} ms) ${verdict(result.p99 < ORIGIN_P99_GOAL_MS)}`,
      );
    }
    if (viaNginxOneReplica) {
      console.log(
        `  for scale: through nginx with 1 replica, which takes all of the load alone, ${pct(viaNginxOneReplica, bareGet)} ` +
          `of the bare server; CPU per request ${viaNginxOneReplica.cpuMicrosPerRequest?.toFixed(0)} µs with 1 replica, ` +
          `${viaNginx?.cpuMicrosPerRequest?.toFixed(0)} µs with ${NGINX_REPLICAS} (nginx and the replicas)`,
      );
    }
    if (viaNginxBare) {
      console.log(
        `  for scale: nginx in front of ${NGINX_REPLICAS} bare node:http servers reaches ${pct(viaNginxBare, bareGet)} ` +
          `of one bare server (CPU per request ${viaNginxBare.cpuMicrosPerRequest?.toFixed(0)} µs, nginx and both): ` +
          `what the shape costs on this machine before a service does any work`,
      );
    }
    console.log(
      `  for scale: no-session floor ${pct(healthz, bareGet)}, signed-in floor ${pct(sessionOnly, bareGet)} of the bare server; ` +
        `server CPU per request ${cpuRatio(details, bareGet)} the bare server's (≤ 3.3× would allow 30%)`,
    );
    if (postgresOnlySession && postgresOnlyDetails) {
      console.log(
        `sessions in Redis → in PostgreSQL (PostgreSQL-only mode): signed-in floor ${pct(sessionOnly, bareGet)} → ` +
          `${pct(postgresOnlySession, bareGet)} of the bare server; class details ${details.rps.toFixed(0)} → ` +
          `${postgresOnlyDetails.rps.toFixed(0)} req/s (${pct(details, bareGet)} → ${pct(postgresOnlyDetails, bareGet)}), ` +
          `p99 ${details.p99.toFixed(0)} → ${postgresOnlyDetails.p99.toFixed(0)} ms`,
      );
    }
    console.log(
      `tracing (${traceSink.received.exports} OTLP exports, ${(traceSink.received.bytes / 1e6).toFixed(1)} MB in all), ` +
        `class details ${details.rps.toFixed(0)} req/s untraced direct, ${viaGateway.rps.toFixed(0)} through the gateway:`,
    );
    for (const [what, untraced, traced] of [
      ['direct, sampling every request', details, detailsTraced],
      [
        `direct, sampling ${PRODUCTION_SAMPLE_RATIO * 100}% of traces as production does`,
        details,
        detailsSampled,
      ],
      ['through the gateway, sampling every request', viaGateway, viaGatewayTraced],
      [`through the gateway, sampling ${PRODUCTION_SAMPLE_RATIO * 100}%`, viaGateway, viaGatewaySampled],
    ] as const) {
      const cost = 1 - traced.rps / untraced.rps;
      console.log(
        `  ${what}: ${traced.rps.toFixed(0)} req/s, ${(cost * 100).toFixed(0)}% fewer ` +
          `(goal ≤ ${TRACING_COST_GOAL * 100}%) ${verdict(cost <= TRACING_COST_GOAL)}; ` +
          `p99 ${untraced.p99.toFixed(1)} → ${traced.p99.toFixed(1)} ms, ` +
          `CPU ${untraced.cpuMicrosPerRequest?.toFixed(0)} → ${traced.cpuMicrosPerRequest?.toFixed(0)} µs per request`,
      );
    }
    for (const [what, result, goal] of [
      ['across learners', writes, WRITES_SHARE_GOAL],
      ["on one learner's row", oneRow, ONE_ROW_SHARE_GOAL],
    ] as const) {
      console.log(
        `progress writes ${what}: ${result.rps.toFixed(0)}/s, ${(result.rps / barePut.rps).toFixed(3)} of the bare server ` +
          `(goal ≥ ${goal}) ${verdict(result.rps / barePut.rps >= goal)}; p99 ${result.p99.toFixed(1)} ms`,
      );
    }
    const stored = await db('user_progress')
      .whereIn(
        'userId',
        users.map((user) => user.id),
      )
      .count<{ count: string }[]>('* as count');
    console.log(`progress rows written: ${stored[0]?.count} (one per learner and class)`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await nginx?.dispose();
    await nginxOneReplica?.dispose();
    await nginxBare?.dispose();
    await traceSink.close();
    await cleanUp(db, [backends, postgresOnlyBackends], fixture, run);
    await db.destroy();
    await backends.close();
  }
}

/**
 * Gives the bare server the bodies the measured calls answer (one of each, asked here), so that it
 * answers the same bytes: a GET what `calls[0]` answered, a PUT what the PUT call answered.
 */
async function answerAsMeasured(bare: Server, calls: { server: Server; spec: RequestSpec }[]): Promise<void> {
  const bodies: Record<string, string> = {};
  for (const { server, spec } of calls) {
    const response = await fetch(`http://127.0.0.1:${server.port}${spec.path}`, {
      method: spec.method,
      headers: { ...(spec.cookie ? { cookie: spec.cookie } : {}), 'content-type': 'application/json' },
      body: spec.body,
    });
    if (!response.ok) throw new Error(`${spec.method} ${spec.path} answered ${response.status}`);
    bodies[spec.method] = await response.text();
  }
  const set = new Promise((resolve) => bare.child.once('message', resolve));
  bare.child.send({ bodies });
  await set;
}

async function cleanUp(db: Knex, stores: Backends[], fixture: Fixture, run: string): Promise<void> {
  // Every session of the run's learners ends (a mark each, gone with its lifetime), and Redis's
  // per-user index of them with it.
  for (const learner of fixture.learners) {
    for (const store of stores) await store.sessions.endUser(learner.userId, SIGNED_OUT);
  }
  // Users first: their purchases and progress go with them; then the programme and its tree.
  await db('users').where('email', 'like', `bench-${run}-%`).delete();
  await db('programs').where({ id: fixture.programId }).delete();
}

function cpuRatio(result: Result, bare: Result): string {
  return `${((result.cpuMicrosPerRequest ?? 0) / (bare.cpuMicrosPerRequest ?? 1)).toFixed(1)}×`;
}

function pct(result: Result, bare: Result): string {
  return `${((result.rps / bare.rps) * 100).toFixed(0)}%`;
}

function printTable(rows: [string, Result][]): void {
  const header = ['', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'server CPU µs/req'];
  const lines = rows.map(([name, r]) => [
    name,
    String(r.requests),
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.failures),
    (r.cpuMicrosPerRequest ?? 0).toFixed(0),
  ]);
  printColumns(header, lines);
}
