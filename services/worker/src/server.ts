import os from 'node:os';
import Koa from 'koa';
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb, schemaIsCurrent } from '@sleep-ritual/platform/db';
import { createHttpServer } from '@sleep-ritual/platform/http/server';
import { healthRoutes } from '@sleep-ritual/platform/http/service-app';
import { createLogger } from '@sleep-ritual/platform/logger';
import { createMetricsRegistry, metricsEndpoint } from '@sleep-ritual/platform/metrics';
import { createBackends, describeBackends } from '@sleep-ritual/platform/backends';
import { exitOnUncaughtErrors, onShutdown } from '@sleep-ritual/platform/run-service';
import { startConsumers } from './consumers.ts';

const WORKER_NICENESS = 10;
const SCHEMA_POLL_MS = 2_000;

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, name: 'worker' });
exitOnUncaughtErrors(logger);

// Background work yields the CPU to request handling: on a shared machine, during a burst of webhooks,
// the receiver answers first and the worker drains the queue right after (measured with bench:webhooks).
try {
  os.setPriority(WORKER_NICENESS);
} catch (error) {
  logger.warn({ err: (error as Error).message }, 'could not lower the worker process priority');
}

// Eight: a worker process also holds its queues' own small pools, and with replicas in the PostgreSQL-only
// mode every process shares the server's max_connections (100 by default).
const db = createDb(config.databaseUrl, { min: 0, max: 8 });
const backends = createBackends(config, db, {
  failFast: false,
  onError: (error) => logger.warn({ err: error.message }, 'redis error'),
});
await backends.queues.ready();

// A worker of a new release takes no job before the release's migrations have run (a Kubernetes Job
// runs them beside the rollout): a job run on the schema before it would fail, or half succeed.
for (let waited = false; !(await schemaIsCurrent(db).catch(() => false)); waited = true) {
  if (!waited) logger.warn('waiting for the database migrations of this release before taking jobs');
  await new Promise((resolve) => setTimeout(resolve, SCHEMA_POLL_MS));
}
if (config.env === 'production' && !config.smtpUrl) {
  logger.warn(
    { outbox: config.outboxDir },
    'SMTP_URL is unset: e-mails are written to the outbox, not sent, and buyers receive nothing',
  );
}

const registry = createMetricsRegistry({ db });
const consumers = startConsumers({ config, logger, db, backends }, { registry });
logger.info(
  { prefix: config.queuePrefix, smtp: Boolean(config.smtpUrl), store: describeBackends(config) },
  'worker consuming purchases and emails',
);

// Apart from the queues, the worker answers only health probes and Prometheus's scrapes.
const health = new Koa();
health.use(healthRoutes(db, backends));
health.use(metricsEndpoint(registry));
const server = createHttpServer(health.callback());
server.listen(config.servicePorts.worker, config.bindHost, () =>
  logger.info({ port: config.servicePorts.worker }, 'worker listening for health probes and metrics'),
);

onShutdown(logger, async () => {
  // SIGTERM: finish the jobs in hand, take no new ones, then close everything.
  await consumers.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await backends.close();
  await db.destroy();
});
