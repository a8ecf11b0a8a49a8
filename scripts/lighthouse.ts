// `npm run lighthouse`: serves the built marketing site and members app through the gateway (with the
// auth, catalog and progress services in-process, so the sign-in checks, the programme cards and the
// morning check-in get real answers)
// and runs Lighthouse with mobile settings on /, /join-now, /upgrade, /sign-in and, signed in as a
// learner who owns the first programme, /my-programs. Each page is run five times (`-- --runs=N` for
// another count) and the median run is reported, chosen as Lighthouse's own computeMedianRun does (the
// run nearest the median first paint and time to interactive): Lighthouse's documentation on
// variability advises it, as one run's performance score moves by several points on a busy machine.
// Prints the four category scores per page with the range of the performance score over the runs, LCP
// and CLS of the members app's pages, the audits that cost points, the landing page's JavaScript and
// the members app's initial JavaScript. It is a report: it exits 0 whatever the scores, 1 only when it
// could not run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as Report } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { createApp as createAuthApp } from '@sleep-ritual/auth/app';
import { seedDemo } from '@sleep-ritual/demo/seed';
import { createApp as createCatalogApp } from '@sleep-ritual/catalog/app';
import { createApp as createProgressApp } from '@sleep-ritual/progress/app';
import { createGateway } from '@sleep-ritual/gateway/app';
import { loadConfig } from '@sleep-ritual/platform/config';
import { createDb, ensureDatabase, migrateLatest } from '@sleep-ritual/platform/db';
import { createLogger } from '@sleep-ritual/platform/logger';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { createBackends } from '@sleep-ritual/platform/backends';
import { clientWithSession } from '@sleep-ritual/platform/testing';
import { SIGNED_IN_HINT_COOKIE } from '@sleep-ritual/contracts/signed-in-hint';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

/** `signedIn`: opened in a browser holding a signed-in learner's cookies. */
const PAGES: { path: string; signedIn?: boolean }[] = [
  { path: '/' },
  { path: '/join-now' },
  { path: '/upgrade' },
  { path: '/sign-in' },
  { path: '/my-programs', signedIn: true },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const GOALS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};
const JS_BUDGET_KB = 65;
/** The members app's first load: its entry and the chunks index.html preloads (the app). */
const APP_JS_BUDGET_KB = 120;
const CLS_GOAL = 0.05;
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
/** Runs per page, of which the median is reported. */
const RUNS = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs=N takes a whole number of runs per page, 1 or more.');
  process.exit(1);
}

const marketingDir = path.join(repoRoot, 'marketing', 'dist');
const membersAppDir = path.join(repoRoot, 'members-app', 'dist');

if (![marketingDir, membersAppDir].every((dir) => existsSync(path.join(dir, 'index.html')))) {
  console.log('marketing/dist or members-app/dist is missing: building both first.');
  spawnSync(
    'npx',
    [
      'turbo',
      'run',
      'build',
      '--filter=@sleep-ritual/marketing',
      '--filter=@sleep-ritual/members-app',
      '--output-logs=errors-only',
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
}

/** An HTTP server on a free port whose handler is set once the configuration (which names the ports) exists. */
async function listenLater(): Promise<{
  server: http.Server;
  port: number;
  use(app: { callback(): http.RequestListener }): void;
}> {
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, use: (app) => (handler = app.callback()) };
}

const gatewayServer = await listenLater();
const authServer = await listenLater();
const catalogServer = await listenLater();
const progressServer = await listenLater();
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  PORT: String(gatewayServer.port),
  AUTH_PORT: String(authServer.port),
  CATALOG_PORT: String(catalogServer.port),
  PROGRESS_PORT: String(progressServer.port),
});
const logger = createLogger({ level: 'warn', name: 'lighthouse' });
// On a machine where `npm start` never ran, the database is made and migrated here, and given the demo
// content when it holds no programme (the signed-in page shows the learner's programmes).
await ensureDatabase(config.databaseUrl);
const db = createDb(config.databaseUrl, { min: 0, max: 2 });
await migrateLatest(db);
if (!(await db('programs').whereNull('deletedAt').first('id'))) await seedDemo(db);
const backends = createBackends(config, db, { failFast: true, onError: () => {} });
// The pages only ask who is signed in; nothing here sends e-mail.
authServer.use(
  createAuthApp({ config, logger, db, backends, sendEmail: async () => {}, forgetOrders: async () => 0 }),
);
catalogServer.use(createCatalogApp({ config, logger, db, backends }));
progressServer.use(createProgressApp({ config, logger, db, backends }));
gatewayServer.use(createGateway({ config, logger, marketingDir, membersAppDir }));
const origin = `http://localhost:${gatewayServer.port}`;

const LEARNER_EMAIL = 'lighthouse-learner@sleepritual.example';

type Cookie = { name: string; value: string };

/**
 * The cookies of a learner who owns the first programme (made once, kept for later runs), as their
 * browser holds them after signing in: the session and the signed-in hint the app's first screen reads
 * (SIGNED_IN_HINT_COOKIE). Undefined when the database holds no programme (run `npm run db:seed`).
 */
async function learnerCookies(): Promise<Cookie[] | undefined> {
  const program = await db('programs').whereNull('deletedAt').orderBy('id').first('id');
  if (!program) return undefined;
  await db('users')
    .insert({ email: LEARNER_EMAIL, firstName: 'Maya', emailVerified: true })
    .onConflict()
    .ignore();
  const user = await db('users').where({ email: LEARNER_EMAIL }).first('id');
  const owned = await db('purchases').where({ userId: user.id, programId: program.id }).first('id');
  if (!owned)
    await db('purchases').insert({
      userId: user.id,
      programId: program.id,
      thriveOrderId: `LIGHTHOUSE-${user.id}`,
      status: 'completed',
    });
  const client = await clientWithSession(origin, { config, backends }, { userId: user.id });
  return [
    ...[...client.cookies].map(([name, value]) => ({ name, value })),
    { name: SIGNED_IN_HINT_COOKIE, value: '1' },
  ];
}

/**
 * Puts cookies in the launched browser's own store, over its DevTools protocol (Storage.setCookies on
 * the browser's WebSocket): the page's scripts read them as a signed-in browser's, where a Cookie
 * header Lighthouse adds to each request is invisible to `document.cookie`. Lighthouse's storage reset
 * leaves cookies alone.
 */
async function setBrowserCookies(port: number, cookies: Cookie[]): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = () => reject(new Error('The browser refused its DevTools connection'));
    });
    const answered = new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`Storage.setCookies: ${message.error.message}`));
        else resolve();
      };
    });
    socket.send(
      JSON.stringify({
        id: 1,
        method: 'Storage.setCookies',
        params: { cookies: cookies.map((cookie) => ({ ...cookie, url: origin })) },
      }),
    );
    await answered;
  } finally {
    socket.close();
  }
}

type Result = {
  page: string;
  /** The lowest and highest performance score over the runs that measured the page. */
  performanceRange: [number, number];
  /** Lighthouse's own failure to measure the page, with its code. */
  runtimeError?: { code: string; message: string };
  lcpMs?: number;
  cls?: number;
  scores: Record<string, number>;
  lost: string[];
  scripts: string[];
  scriptBytes: number;
};

/** One Lighthouse run of the page (a new browser each time). */
async function audit(page: string, cookies?: Cookie[]): Promise<Report> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (cookies) await setBrowserCookies(chrome.port, cookies);
    const runner = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!runner) throw new Error(`Lighthouse returned nothing for ${page}`);
    return runner.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * What is reported of a page: its median run, with the range of the performance score, over the runs
 * that measured it. A run Lighthouse could not measure (its runtime error is printed as it happens) is
 * left out; when none could, the last run is reported, with its error.
 */
function summarise(page: string, runs: Report[]): Result {
  const measured: Report[] = filterToValidRuns(runs);
  const last = runs.at(-1);
  if (!last) throw new Error(`No run of ${page}`);
  const lhr: Report = measured.length > 0 ? computeMedianRun(measured) : last;
  const performance = (measured.length > 0 ? measured : [lhr]).map((run) =>
    Math.round((run.categories.performance?.score ?? 0) * 100),
  );
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const lost = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .flatMap((ref) => {
        const result = lhr.audits[ref.id];
        return result && result.score !== null && result.score < 1
          ? [
              `${id}: ${result.id} (${result.displayValue ?? `score ${result.score}`})${consoleErrors(result)}`,
            ]
          : [];
      }),
  );
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests
    .filter((request) => request.resourceType === 'Script')
    .map((request) => request.url);
  const scriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    page,
    performanceRange: [Math.min(...performance), Math.max(...performance)],
    runtimeError: lhr.runtimeError,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue,
    scores,
    lost,
    scripts,
    scriptBytes,
  };
}

/** What the console-errors audit saw, so a lost point can be told from a real bug. */
function consoleErrors(result: { id: string; details?: unknown }): string {
  if (result.id === 'inspector-issues') {
    const items =
      (result.details as { items?: { issueType?: string; subItems?: { items?: unknown[] } }[] })?.items ?? [];
    return items
      .map(
        (item) =>
          `\n      ${item.issueType ?? ''} ${JSON.stringify(item.subItems?.items ?? []).slice(0, 300)}`,
      )
      .join('');
  }
  if (result.id !== 'errors-in-console') return '';
  const items =
    (result.details as { items?: { description?: string; sourceLocation?: { url?: string } }[] })?.items ??
    [];
  return items
    .map((item) => `\n      ${item.description ?? ''} ${item.sourceLocation?.url ?? ''}`.trimEnd())
    .join('');
}

/** The landing page's JavaScript as gzip would send it: every loaded script file plus the inline ones. */
async function gzippedJavaScript(scripts: string[]): Promise<{ files: number; inline: number }> {
  let files = 0;
  for (const url of scripts) {
    const { pathname } = new URL(url);
    files += gzipSync(await readFile(path.join(marketingDir, pathname)), { level: 9 }).length;
  }
  const html = await readFile(path.join(marketingDir, 'index.html'), 'utf8');
  const inlineSource = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .join('\n');
  return { files, inline: gzipSync(inlineSource, { level: 9 }).length };
}

/** The members app's first load, as index.html names it (its script and module preloads), gzipped. */
async function membersAppInitialJavaScript(): Promise<number> {
  const html = await readFile(path.join(membersAppDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/app\/([^"]+\.js)"/g),
  ].flatMap(([, file]) => (file === undefined ? [] : [file]));
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join(membersAppDir, file))).length;
  return bytes;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

try {
  const results: Result[] = [];
  const cookies = await learnerCookies();
  for (const { path: page, signedIn } of PAGES) {
    if (signedIn && !cookies) {
      console.log(`Lighthouse (mobile) ${page}: skipped, the database holds no programme (npm run db:seed).`);
      continue;
    }
    process.stdout.write(`Lighthouse (mobile) ${page}${signedIn ? ' (signed in)' : ''}, ${RUNS} runs … `);
    const runs: Report[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      let report = await audit(page, signedIn ? cookies : undefined);
      // Lighthouse sometimes fails to record the page load at all (NO_NAVSTART); as it asks, the page is
      // run again. Any other failure is the page's, and is reported.
      for (let again = 0; report.runtimeError?.code === 'NO_NAVSTART' && again < 2; again += 1) {
        process.stdout.write(`${report.runtimeError.message} Again … `);
        report = await audit(page, signedIn ? cookies : undefined);
      }
      if (report.runtimeError) console.log(`Lighthouse (mobile) ${page}: ${report.runtimeError.message}`);
      runs.push(report);
      process.stdout.write(`${Math.round((report.categories.performance?.score ?? 0) * 100)} `);
    }
    results.push(summarise(page, runs));
    process.stdout.write('done\n');
  }

  console.log(
    `\nThe median of ${RUNS} runs per page (Lighthouse's computeMedianRun), and the range of the performance score:`,
  );
  console.log(
    `${'page'.padEnd(12)}${CATEGORIES.map((id) => id.padStart(16)).join('')}${'performance range'.padStart(20)}`,
  );
  for (const { page, scores, performanceRange } of results) {
    console.log(
      `${page.padEnd(12)}${CATEGORIES.map((id) => `${scores[id]}`.padStart(16)).join('')}` +
        `${performanceRange.join('–').padStart(20)}`,
    );
  }
  console.log(`${'goal'.padEnd(12)}${CATEGORIES.map((id) => `≥ ${GOALS[id]}`.padStart(16)).join('')}`);
  console.log(
    "SEO's goal is the sales pages': the members app keeps itself out of search engines (robots noindex), " +
      'which Lighthouse counts against its pages.',
  );

  for (const { page, lcpMs, cls } of results.filter(
    (result) => !result.page.match(/^\/(join-now|upgrade)?$/),
  )) {
    console.log(
      `${page}: LCP ${((lcpMs ?? 0) / 1000).toFixed(2)} s, CLS ${(cls ?? 0).toFixed(3)} ` +
        `(goal < ${CLS_GOAL}: ${(cls ?? 0) < CLS_GOAL ? 'met' : 'not met'})`,
    );
  }

  for (const { page, lost } of results) {
    if (lost.length > 0) console.log(`\nAudits that cost points on ${page}:\n  ${lost.join('\n  ')}`);
  }

  const landing = results.find((result) => result.page === '/');
  if (landing) {
    const { files, inline } = await gzippedJavaScript(landing.scripts);
    const total = files + inline;
    console.log(
      `\nLanding page JavaScript: ${landing.scripts.length} files, ${kb(files)} KB gzipped + ${kb(inline)} KB inline = ` +
        `${kb(total)} KB gzipped (budget ${JS_BUDGET_KB} KB: ${total / 1024 < JS_BUDGET_KB ? 'within' : 'OVER'}); ` +
        `${kb(landing.scriptBytes)} KB transferred (brotli).`,
    );
  }
  const appJs = await membersAppInitialJavaScript();
  console.log(
    `Members app initial JavaScript: ${kb(appJs)} KB gzipped (budget ${APP_JS_BUDGET_KB} KB: ${
      appJs / 1024 <= APP_JS_BUDGET_KB ? 'met' : 'not met'
    }).`,
  );
} catch (error) {
  console.error(`Lighthouse run failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  gatewayServer.server.close();
  for (const { server } of [authServer, catalogServer, progressServer]) {
    server.close();
    server.closeAllConnections();
  }
  gatewayServer.server.closeAllConnections();
  await backends.close();
  await db.destroy();
}
