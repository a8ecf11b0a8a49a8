import path from 'node:path';
import { loadConfigOrExit } from '@sleep-ritual/platform/config';
import { createHttpServer } from '@sleep-ritual/platform/http/server';
import { createLogger } from '@sleep-ritual/platform/logger';
import { repoRoot } from '@sleep-ritual/platform/paths';
import { exitOnUncaughtErrors, onShutdown } from '@sleep-ritual/platform/run-service';
import { createGateway } from './app.ts';
import { pagesReadyFromParent } from './starting-page.ts';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel, name: 'gateway' });
exitOnUncaughtErrors(logger);
const app = createGateway({
  config,
  logger,
  marketingDir: path.join(repoRoot, 'marketing', 'dist'),
  membersAppDir: path.join(repoRoot, 'members-app', 'dist'),
  pagesReady: pagesReadyFromParent(),
});
const server = createHttpServer(app.callback());
server.listen(config.port, config.gatewayHost, () =>
  logger.info({ port: config.port, host: config.gatewayHost }, 'gateway listening'),
);
onShutdown(logger, async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
});
