// `npm run bench:webhooks`: how many ThriveCart webhooks the receiver accepts per second in a burst of
// 1,000 orders, beside a bare node:http server answering the same POSTs in the same run, and how long
// after the last accepted webhook the worker has provisioned the last purchase. Not a test: it prints
// figures. The burst runs once on Redis and once in the PostgreSQL-only mode (REDIS_URL=none), one after
// the other, and one table shows both; `-- --mode redis` or `-- --mode postgres` runs one only. The
// receivers and the bare server run in child processes, the workers as their real process; all use the
// test database and a queue prefix of their own, and each mode's rows are removed afterwards.
// `-- --replicas N` runs N receivers (the connections spread over them, as an origin does) and N workers.
// A tenth of the orders is redelivered through another receiver, and every order must be provisioned
// once and mailed once, in each mode (exit code 1 otherwise). The workers mail through SMTP (their
// pooled transport, SMTP_MAX_CONNECTIONS and EMAIL_CONCURRENCY as set) to a local SMTP server, which
// times the last e-mail delivered. The CPU time the receivers and the workers spent per order is read
// from /proc.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, ensureDatabase, migrateLatest, type Knex } from '@sleep-ritual/platform/db';
import { createLogger } from '@sleep-ritual/platform/logger';
import { createBackends } from '@sleep-ritual/platform/backends';
import { eventually, testConfig, type TestBackend } from '@sleep-ritual/platform/testing';
import { createPurchasesQueue } from '@sleep-ritual/jobs/purchases';
import {
  createMappedProgram,
  openTestQueues,
  startWorkerProcess,
  uniqueQueuePrefix,
} from '@sleep-ritual/worker/testing';
import { startSmtpSink } from '@sleep-ritual/worker/testing-smtp';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { printColumns } from './lib/print-table.ts';
import { procCpuMicros } from './lib/proc-cpu.ts';

const ORDERS = 1_000;
const WARM_UP_ORDERS = 100;
const CONCURRENCY = 50;
const GOAL_ACCEPTED_PER_SECOND = 1000;
const GOAL_PROVISIONED_SECONDS = 10;
const GOAL_MAILED_SECONDS = 5;
const WEBHOOK_PATH = '/api/webhooks/thrivecart';
const REDELIVERED = ORDERS / 10;
const MODE_NAMES: Record<TestBackend, string> = { redis: 'Redis', postgres: 'PostgreSQL only' };
const replicasArgument = process.argv.indexOf('--replicas');
const REPLICAS = replicasArgument === -1 ? 1 : Number(process.argv[replicasArgument + 1]);
const modeArgument = process.argv.indexOf('--mode');
const MODES = (
  modeArgument === -1 ? ['redis', 'postgres'] : [process.argv[modeArgument + 1]]
) as TestBackend[];
if (MODES.some((mode) => mode !== 'redis' && mode !== 'postgres')) {
  throw new Error('--mode takes redis or postgres');
}

const serveArgument = process.argv.find((arg) => arg.startsWith('--serve='));
if (serveArgument) {
  const [prefix, mode] = process.argv.slice(-2) as [string, TestBackend];
  await serve(serveArgument.slice('--serve='.length), prefix, mode);
} else {
  await main();
}

/** Child mode: the receiver (or a bare server) on a free port, which it tells the parent. */
async function serve(kind: string, prefix: string, mode: TestBackend): Promise<void> {
  let handler: http.RequestListener;
  if (kind === 'bare') {
    const answer = JSON.stringify({ received: true, queued: true, jobId: 'order.success-1-000000000000' });
    handler = (req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(answer),
        });
        res.end(answer);
      });
    };
  } else {
    // The same wiring as services/webhooks/src/server.ts (runService, with fail-fast backends).
    const config = testConfig({ LOG_LEVEL: 'warn', QUEUE_PREFIX: prefix }, mode);
    const db = createDb(config.databaseUrl);
    const backends = createBackends(config, db, { failFast: true });
    await backends.queues.ready();
    const purchasesQueue = createPurchasesQueue(backends.queues);
    await purchasesQueue.waitUntilReady();
    const { createApp } = await import('@sleep-ritual/webhooks/app');
    const deps = {
      config,
      backends,
      purchasesQueue,
      db,
      logger: createLogger({ level: 'warn', name: 'webhooks' }),
    };
    handler = createApp(deps).callback();
  }
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  const send = process.send?.bind(process);
  if (!send) throw new Error('A benchmark receiver runs as a child process with an IPC channel');
  server.listen(0, '127.0.0.1', () => send({ port: (server.address() as net.AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
}

function startServer(
  kind: 'bare' | 'webhooks',
  prefix: string,
  mode: TestBackend,
): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(fileURLToPath(import.meta.url), [`--serve=${kind}`, prefix, mode]);
  return new Promise((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve({ port: message.port, child }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with code ${code}`)));
  });
}

type Figures = {
  accepted: Burst;
  bare: Burst;
  redeliveryFailures: number;
  /** Seconds from the last accepted webhook, and from the first request, to the last provisioned order. */
  afterLast: number;
  /** Seconds from the last accepted webhook to the last create-account e-mail the SMTP server accepted. */
  mailedAfterLast: number;
  wholeBurst: number;
  duplicates: { purchases: number; mails: number };
  load: number;
  /**
   * CPU time per order of the burst, in µs: the receivers' (until the last answer), the workers'
   * (until the last e-mail), and the bare server's per answer.
   */
  cpuPerOrder: { receivers: number; bare: number; workers: number };
};

async function main(): Promise<void> {
  const results: Figures[] = [];
  for (const mode of MODES) results.push(await measure(mode));

  const cells = (cell: (f: Figures) => string) => results.map(cell);
  const goalsMet = (f: Figures) =>
    f.accepted.perSecond >= GOAL_ACCEPTED_PER_SECOND &&
    f.afterLast <= GOAL_PROVISIONED_SECONDS &&
    f.mailedAfterLast <= GOAL_MAILED_SECONDS &&
    f.accepted.failures === 0;
  console.log(
    `\n${ORDERS} form-encoded ThriveCart orders (${REDELIVERED} delivered again), ${CONCURRENCY} keep-alive connections, ` +
      `${REPLICAS} receiver${REPLICAS > 1 ? 's' : ''} and ${REPLICAS} worker process${REPLICAS > 1 ? 'es' : ''}, ` +
      `${MODES.map((mode) => MODE_NAMES[mode]).join(', then ')} (${availableParallelism()} cores)\n`,
  );
  printColumns(
    ['', ...MODES.map((mode) => MODE_NAMES[mode]), 'goal'],
    [
      [
        'webhooks accepted per second',
        ...cells((f) => f.accepted.perSecond.toFixed(0)),
        `≥ ${GOAL_ACCEPTED_PER_SECOND}`,
      ],
      ['  bare node:http, same run', ...cells((f) => f.bare.perSecond.toFixed(0)), ''],
      [
        '  receiver as a share of it',
        ...cells((f) => `${((f.accepted.perSecond / f.bare.perSecond) * 100).toFixed(0)}%`),
        '',
      ],
      ['receiver CPU per order (µs, all receivers)', ...cells((f) => f.cpuPerOrder.receivers.toFixed(0)), ''],
      ['  bare node:http CPU per answer (µs)', ...cells((f) => f.cpuPerOrder.bare.toFixed(0)), ''],
      [
        'worker CPU per order (µs, all workers, to the last e-mail)',
        ...cells((f) => f.cpuPerOrder.workers.toFixed(0)),
        '',
      ],
      ['answers other than 200', ...cells((f) => String(f.accepted.failures)), '0'],
      [
        'last accepted → last provisioned',
        ...cells((f) => `${f.afterLast.toFixed(2)} s`),
        `≤ ${GOAL_PROVISIONED_SECONDS} s`,
      ],
      [
        'last accepted → last e-mail delivered (SMTP)',
        ...cells((f) => `${f.mailedAfterLast.toFixed(2)} s`),
        `≤ ${GOAL_MAILED_SECONDS} s`,
      ],
      ['first request → all provisioned', ...cells((f) => `${f.wholeBurst.toFixed(2)} s`), ''],
      ['orders provisioned twice', ...cells((f) => String(f.duplicates.purchases)), '0'],
      ['orders mailed twice (or never)', ...cells((f) => String(f.duplicates.mails)), '0'],
      ['machine load (1 min) after the burst', ...cells((f) => f.load.toFixed(1)), ''],
    ],
  );
  console.log(
    `\n${MODES.map((mode, i) => `${MODE_NAMES[mode]}: goals ${results[i] && goalsMet(results[i]) ? 'met' : 'NOT met'}.`).join(' ')}\n`,
  );
  if (results.some((f) => f.redeliveryFailures > 0 || f.duplicates.purchases > 0 || f.duplicates.mails > 0)) {
    process.stderr.write('Orders were lost, provisioned twice or mailed twice: see the table above.\n');
    process.exitCode = 1;
  }
}

/** The burst in one mode: its own programme, queues, outbox and processes, removed afterwards. */
async function measure(mode: TestBackend): Promise<Figures> {
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'bench-outbox-'));
  const config = testConfig(
    { LOG_LEVEL: 'warn', QUEUE_PREFIX: uniqueQueuePrefix('bench'), OUTBOX_DIR: outboxDir },
    mode,
  );
  await ensureDatabase(config.databaseUrl);
  const db = createDb(config.databaseUrl, { min: 0, max: 2 });
  await migrateLatest(db);
  const { programId, item } = await createMappedProgram(db, { title: 'Bench programme' });
  const queues = await openTestQueues(config);
  const run = `bench${Date.now()}`;
  const children: ChildProcess[] = [];
  const smtp = await startSmtpSink();

  try {
    const bare = await startServer('bare', config.queuePrefix, mode);
    const receivers = [];
    for (let i = 0; i < REPLICAS; i += 1) {
      receivers.push(await startServer('webhooks', config.queuePrefix, mode));
    }
    const workers: Awaited<ReturnType<typeof startWorkerProcess>>[] = [];
    for (let i = 0; i < REPLICAS; i += 1) {
      workers.push(await startWorkerProcess(config, { outboxDir, smtpUrl: smtp.url }));
    }
    children.push(bare.child, ...receivers.map((r) => r.child), ...workers.map((w) => w.child));
    const receiverPorts = receivers.map((receiver) => receiver.port);

    const order = (label: string) => (index: number) =>
      formBody(
        thrivecartOrderFields({
          secret: config.thrivecartSecret,
          orderId: `${run}${label}-${index}`,
          email: `${run}${label}-${index}@bench.example`,
          items: [item],
        }),
      );

    // A wait that runs out says what the receivers answered, where the jobs are and what the workers wrote.
    const explained = <T>(wait: Promise<T>, sent: Burst) =>
      wait.catch(async (error: unknown) => {
        const counts = await jobCounts(
          queues,
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'completed',
          'failed',
        ).catch((reading: unknown) => `not read (${String(reading)})`);
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}; ${sent.failures} answers other than 200 ` +
            `(by status, 0 for no answer: ${JSON.stringify(sent.failureStatuses)}); ` +
            `jobs (purchases, e-mails): ${JSON.stringify(counts)}; the workers wrote:\n` +
            workers.map((worker) => worker.output().slice(-4_000) || '(nothing)').join('\n---\n'),
        );
      });

    // Warm-up: connections, JIT, BullMQ's scripts and the worker's pool, then wait for it to drain.
    await burst([bare.port], WARM_UP_ORDERS, order('w'));
    const warmUp = await burst(receiverPorts, WARM_UP_ORDERS, order('w'));
    await explained(waitForProvisioned(db, `${run}w-`, WARM_UP_ORDERS), warmUp);
    await explained(waitForMailed(smtp, `${run}w-`, WARM_UP_ORDERS), warmUp);

    // The CPU time the servers' processes spent, read from /proc before and after each burst.
    const cpu = async (servers: { child: ChildProcess }[]) => {
      let micros = 0;
      for (const { child } of servers) {
        if (child.pid === undefined) throw new Error('A benchmark server has no process id');
        micros += await procCpuMicros(child.pid);
      }
      return micros;
    };
    const bareCpuBefore = await cpu([bare]);
    const baseline = await burst([bare.port], ORDERS, order('b'));
    const bareCpu = (await cpu([bare])) - bareCpuBefore;
    const receiversCpuBefore = await cpu(receivers);
    const workersCpuBefore = await cpu(workers);
    const measured = await burst(receiverPorts, ORDERS, order('m'));
    const receiversCpu = (await cpu(receivers)) - receiversCpuBefore;
    const provisionedAt = await explained(waitForProvisioned(db, `${run}m-`, ORDERS), measured);
    const mailedAt = await explained(waitForMailed(smtp, `${run}m-`, ORDERS), measured);
    const workersCpu = (await cpu(workers)) - workersCpuBefore;
    const [load = 0] = loadavg();
    // ThriveCart's redelivery of orders already provisioned, through the receivers in the other order.
    const redelivered = await burst([...receiverPorts].reverse(), REDELIVERED, order('m'));
    return {
      accepted: measured,
      bare: baseline,
      redeliveryFailures: redelivered.failures,
      afterLast: (provisionedAt - measured.lastAcceptedAt) / 1000,
      mailedAfterLast: (mailedAt - measured.lastAcceptedAt) / 1000,
      wholeBurst: (provisionedAt - measured.startedAt) / 1000,
      duplicates: await countDuplicates(db, queues, smtp.recipients, `${run}m-`, ORDERS),
      load,
      cpuPerOrder: { receivers: receiversCpu / ORDERS, bare: bareCpu / ORDERS, workers: workersCpu / ORDERS },
    };
  } finally {
    // Stopped before the next mode starts, so that one mode's processes never weigh on the other's.
    await Promise.all(children.map(stop));
    await cleanUp(db, run, programId);
    await queues.dispose();
    await db.destroy();
    await rm(outboxDir, { recursive: true, force: true });
    await smtp.close();
  }
}

function stop(child: ChildProcess): Promise<unknown> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

type Burst = {
  perSecond: number;
  failures: number;
  /** The answers other than 200 by status (0: no answer, the connection failed). */
  failureStatuses: Record<number, number>;
  startedAt: number;
  lastAcceptedAt: number;
};

/**
 * Sends `count` POSTs over `CONCURRENCY` keep-alive connections, as fast as they are answered; with
 * several ports, the connections are spread over them.
 */
async function burst(ports: number[], count: number, body: (index: number) => string): Promise<Burst> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.ceil(CONCURRENCY / ports.length) });
  let next = 0;
  let failures = 0;
  const failureStatuses: Record<number, number> = {};
  let lastAcceptedAt = 0;
  const post = (port: number, payload: string) =>
    new Promise<number>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          agent,
          method: 'POST',
          path: WEBHOOK_PATH,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(0));
      req.end(payload);
    });
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, connection) => {
      const port = ports[connection % ports.length];
      if (port === undefined) throw new Error('No port to send to');
      while (next < count) {
        const status = await post(port, body(next++));
        if (status === 200) lastAcceptedAt = performance.now();
        else {
          failures += 1;
          failureStatuses[status] = (failureStatuses[status] ?? 0) + 1;
        }
      }
    }),
  );
  agent.destroy();
  return {
    perSecond: count / ((performance.now() - startedAt) / 1000),
    failures,
    failureStatuses,
    startedAt,
    lastAcceptedAt,
  };
}

/** Polls until every order of the run has its purchase; answers the moment it saw the last one. */
async function waitForProvisioned(db: Knex, orderPrefix: string, count: number): Promise<number> {
  return eventually(
    async () => {
      const [row] = await db('purchases')
        .where('thriveOrderId', 'like', `${orderPrefix}%`)
        .count<{ n: string }[]>({ n: '*' });
      return Number(row?.n) >= count ? performance.now() : undefined;
    },
    { timeoutMs: 120_000, intervalMs: 20, what: `${count} provisioned orders` },
  );
}

/** Polls until the SMTP server has accepted a mail for each order of the run; answers when the last came. */
async function waitForMailed(
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
  orderPrefix: string,
  count: number,
): Promise<number> {
  return eventually(
    async () =>
      new Set(smtp.recipients.filter((to) => to.startsWith(orderPrefix))).size >= count
        ? smtp.lastDeliveredAt
        : undefined,
    { timeoutMs: 120_000, intervalMs: 20, what: `${count} e-mails delivered` },
  );
}

type TestQueues = Awaited<ReturnType<typeof openTestQueues>>;

/** The purchases' and the e-mails' queues' jobs in these states, in that order. */
function jobCounts(queues: TestQueues, ...states: Parameters<TestQueues['purchases']['getJobCounts']>) {
  return Promise.all([queues.purchases, queues.emails].map((queue) => queue.getJobCounts(...states)));
}

/**
 * Once the workers have finished every job, the orders of the run that have more than one purchase,
 * and the buyers who did not get exactly one e-mail.
 */
async function countDuplicates(
  db: Knex,
  queues: TestQueues,
  recipients: string[],
  orderPrefix: string,
  orders: number,
): Promise<{ purchases: number; mails: number }> {
  await eventually(
    async () => {
      const counts = await jobCounts(queues, 'waiting', 'active', 'delayed', 'prioritized');
      return counts.every((count) => Object.values(count).every((n) => n === 0));
    },
    { timeoutMs: 120_000, intervalMs: 100, what: 'the workers to finish every job' },
  );
  const twice = await db('purchases')
    .where('thriveOrderId', 'like', `${orderPrefix}%`)
    .groupBy('thriveOrderId')
    .havingRaw('count(*) > 1')
    .select('thriveOrderId');
  const mailsPerBuyer = new Map<string, number>();
  for (const to of recipients) {
    if (to.startsWith(orderPrefix)) mailsPerBuyer.set(to, (mailsPerBuyer.get(to) ?? 0) + 1);
  }
  const wronglyMailed =
    orders - mailsPerBuyer.size + [...mailsPerBuyer.values()].filter((count) => count !== 1).length;
  return { purchases: twice.length, mails: wronglyMailed };
}

async function cleanUp(db: Knex, run: string, programId: number): Promise<void> {
  await db('purchases').where('thriveOrderId', 'like', `${run}%`).delete();
  await db('users').where('email', 'like', `${run}%@bench.example`).delete();
  await db('programs').where({ id: programId }).delete();
}
