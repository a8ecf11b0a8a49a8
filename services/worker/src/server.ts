import http from 'node:http';
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createDb } from '@sleep-ritual/platform/db';
import { healthRoutes } from '@sleep-ritual/platform/http/service-app';
import { createLogger } from '@sleep-ritual/platform/logger';
import { createRedis } from '@sleep-ritual/platform/redis';
import { onShutdown } from '@sleep-ritual/platform/run-service';
import Koa from 'koa';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, name: 'worker' });
const db = createDb(config.databaseUrl);
const redis = createRedis(config.redisUrl);

// The worker answers only health probes.
const health = new Koa();
health.use(healthRoutes(db, redis));
const server = http.createServer(health.callback());
server.listen(config.servicePorts.worker, config.bindHost, () =>
  logger.info({ port: config.servicePorts.worker }, 'worker listening for health probes'),
);

onShutdown(logger, async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.destroy();
  redis.disconnect();
});
