import type Koa from 'koa';
import { loadConfigOrExit, type Config } from './config.ts';
import { createDb } from './db.ts';
import { createLogger, type Logger } from './logger.ts';
import { createBackends } from './backends.ts';
import { createHttpServer } from './http/server.ts';
import type { ServiceDeps } from './http/service-app.ts';
import { flushTraces } from './telemetry.ts';

type ServiceName = keyof Config['servicePorts'];

/**
 * What every service's server.ts does: read config, build the real dependencies, listen, and on
 * SIGTERM or SIGINT stop accepting, let in-flight requests finish, then close the pools.
 */
export async function runService(
  name: ServiceName,
  createApp: (deps: ServiceDeps) => Koa | Promise<Koa>,
  extra: { onShutdown?: () => Promise<void> } = {},
): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.logLevel, name });
  exitOnUncaughtErrors(logger);
  const db = createDb(config.databaseUrl);
  const backends = createBackends(config, db, {
    failFast: true,
    onError: (error) => logger.warn({ err: error.message }, 'redis error'),
  });
  await backends.queues.ready();
  const app = await createApp({ config, logger, db, backends });

  const server = createHttpServer(app.callback());
  const port = config.servicePorts[name];
  await new Promise<void>((resolve) => server.listen(port, config.bindHost, resolve));
  logger.info({ port }, `${name} listening`);

  onShutdown(logger, async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    await extra.onShutdown?.();
    await backends.close();
    await db.destroy();
  });
}

/**
 * How long a stopping process lets in-flight requests and jobs finish before it exits anyway; whatever
 * stops it (compose's stop_grace_period, Kubernetes' terminationGracePeriodSeconds) must wait longer.
 */
export const SHUTDOWN_DRAIN_MS = 15_000;

/**
 * An exception nothing caught or a rejection nothing handled ends the process (Node's own rule), but
 * first as one fatal log line with its stack, in the process's own JSON log rather than Node's bare
 * stderr dump, so the log shows why a pod restarted.
 */
export function exitOnUncaughtErrors(logger: Pick<Logger, 'fatal'>): void {
  process.on('uncaughtException', (error, origin) => {
    logger.fatal(
      { err: error },
      origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception',
    );
    process.exit(1);
  });
}

export function onShutdown(logger: { info: (msg: string) => void }, close: () => Promise<void>): void {
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), SHUTDOWN_DRAIN_MS);
    force.unref();
    close()
      .finally(flushTraces)
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
