// `npm run bench:admin`: p50/p95 latency of the admin member search and engagement calls on the data
// `npm run seed:scale` loads (DATABASE_URL, by default sleep_ritual_scale). The catalog app runs in this
// process with an admin session; each call is measured sequentially, then with a few callers at once,
// beside two floors measured in the same run: a `select 1` through the same pool and a bare node:http
// server answered through the same client. Not a test: it prints figures (goal: p95 under 100 ms).
// BENCH_REQUESTS (default 200) sets the sequential requests per call; the concurrent round sends as many.
import http from 'node:http';
import { loadavg } from 'node:os';
import { createDb } from '@sleep-ritual/platform/db';
import { createLogger } from '@sleep-ritual/platform/logger';
import { createBackends } from '@sleep-ritual/platform/backends';
import { clientWithSession, createClient, listen, testConfig } from '@sleep-ritual/platform/testing';
import { createApp } from '@sleep-ritual/catalog/app';
import { printColumns } from './lib/print-table.ts';

const SCALE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/sleep_ritual_scale';
const REQUESTS = Math.min(Number(process.env.BENCH_REQUESTS ?? 200), 2_000);
const CONCURRENCY = 4;
const WARM_UP = 20;
const GOAL_P95_MS = 100;

type Stats = { count: number; p50: number; p95: number; max: number; failures: number };

function stats(samples: number[], failures: number): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0, failures };
}

/** Runs `once(i)` REQUESTS times one after another, then REQUESTS times spread over CONCURRENCY callers. */
async function measure(
  once: (index: number) => Promise<boolean>,
): Promise<{ sequential: Stats; concurrent: Stats }> {
  for (let index = 0; index < WARM_UP; index += 1) await once(index);
  const timed = async (index: number, samples: number[]) => {
    const started = performance.now();
    const ok = await once(index).catch(() => false);
    samples.push(performance.now() - started);
    return ok;
  };
  const sequentialSamples: number[] = [];
  let sequentialFailures = 0;
  for (let index = 0; index < REQUESTS; index += 1) {
    if (!(await timed(index, sequentialSamples))) sequentialFailures += 1;
  }
  const concurrentSamples: number[] = [];
  let concurrentFailures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const index = next++;
        if (!(await timed(index, concurrentSamples))) concurrentFailures += 1;
      }
    }),
  );
  return {
    sequential: stats(sequentialSamples, sequentialFailures),
    concurrent: stats(concurrentSamples, concurrentFailures),
  };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL || SCALE_DATABASE_URL;
  const config = testConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  // The pool and backends of the services' runService.
  const db = createDb(config.databaseUrl);
  const backends = createBackends(config, db, { failFast: true });
  const logger = createLogger({ level: config.logLevel, name: 'bench-admin' });

  const members = Number((await db('users').count<{ n: string }[]>({ n: '*' }))[0]?.n ?? 0);
  if (members < 1_000) {
    console.error(
      `${new URL(databaseUrl).pathname.slice(1)} has ${members} members: run \`npm run seed:scale\` first.`,
    );
    await backends.close();
    await db.destroy();
    process.exit(1);
  }
  // Searches as support types them: part of an address, a surname, a full name, a whole address, two
  // letters, and the plain newest-first list.
  const sample: { email: string; firstName: string; lastName: string }[] = await db('users')
    .whereNotNull('firstName')
    .orderByRaw('random()')
    .limit(50)
    .select('email', 'firstName', 'lastName');
  const searches = sample.flatMap((member) => [
    (member.email.split('@')[0] ?? '').slice(0, 8),
    member.lastName,
    `${member.firstName} ${member.lastName}`,
    member.email,
  ]);
  searches.push('ma', '');
  const mainProgram = await db('programs')
    .whereNull('deletedAt')
    .orderBy([{ column: 'orderIndex' }, { column: 'id' }])
    .first('id', 'title');

  const app = await listen(createApp({ config, logger, db, backends }));
  const admin = await clientWithSession(app.url, { backends, config }, { isAdmin: true });
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareClient = createClient(`http://127.0.0.1:${(bare.address() as { port: number }).port}`);

  const ok = async (response: Promise<Response>) => {
    const answer = await response;
    await answer.arrayBuffer();
    return answer.ok;
  };
  try {
    console.log(
      `bench:admin on ${new URL(databaseUrl).pathname.slice(1)}: ${members} members; ${REQUESTS} sequential + ${REQUESTS} ` +
        `requests from ${CONCURRENCY} callers per line, after ${WARM_UP} warm-up; load average ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}\n`,
    );
    const rows: [string, { sequential: Stats; concurrent: Stats }][] = [
      [
        'floor: select 1 through the pool',
        await measure(async () => (await db.raw('select 1')).rows.length === 1),
      ],
      ['floor: bare node:http server', await measure(() => ok(bareClient.request('/')))],
      [
        'GET /api/admin/members?q=… (search)',
        await measure((index) =>
          ok(
            admin.request(
              `/api/admin/members?q=${encodeURIComponent(searches[index % searches.length] ?? '')}`,
            ),
          ),
        ),
      ],
      ['GET /api/admin/members (newest first)', await measure(() => ok(admin.request('/api/admin/members')))],
      [
        `GET /api/admin/engagement?programId=${mainProgram?.id}`,
        await measure(() => ok(admin.request(`/api/admin/engagement?programId=${mainProgram?.id}`))),
      ],
    ];
    printTable(rows);
    console.log('');
    // The goal is the page as one admin opens it (sequential); four at once shows the headroom.
    for (const [name, { sequential, concurrent }] of rows.slice(2)) {
      console.log(
        `${name}: p95 ${sequential.p95.toFixed(1)} ms (goal < ${GOAL_P95_MS} ms) ${sequential.p95 < GOAL_P95_MS ? 'met' : 'NOT met'}; ` +
          `${CONCURRENCY} at once p95 ${concurrent.p95.toFixed(1)} ms`,
      );
    }
    console.log(
      `load average at the end ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} (the machine is shared: compare with the floors)`,
    );
  } finally {
    await backends.sessions.destroy(admin.sessionId);
    await app.close();
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await db.destroy();
    await backends.close();
  }
}

function printTable(rows: [string, { sequential: Stats; concurrent: Stats }][]): void {
  const header = [
    '',
    'seq p50',
    'seq p95',
    'seq max',
    `×${CONCURRENCY} p50`,
    `×${CONCURRENCY} p95`,
    `×${CONCURRENCY} max`,
    'failed',
  ];
  const lines = rows.map(([name, { sequential, concurrent }]) => [
    name,
    ...[sequential.p50, sequential.p95, sequential.max, concurrent.p50, concurrent.p95, concurrent.max].map(
      (ms) => ms.toFixed(1),
    ),
    String(sequential.failures + concurrent.failures),
  ]);
  printColumns(header, lines);
  console.log('(milliseconds)');
}

await main();
