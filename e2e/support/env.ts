import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// E2E_PORT moves the whole instance (gateway and services), so two runs can share a machine.
const port = Number(process.env.E2E_PORT ?? 8090);
const servicePort = (offset: number) => String(port - 3889 + offset);

/**
 * E2E_ORIGIN=nginx serves the system through nginx with production settings (`npm run start:prod`)
 * instead of the development gateway; E2E_REPLICAS runs that many processes of each service and worker.
 */
export const e2eOrigin: 'gateway' | 'nginx' = process.env.E2E_ORIGIN === 'nginx' ? 'nginx' : 'gateway';
export const e2eReplicas = Number(process.env.E2E_REPLICAS ?? 1);

/** The started system under test runs on its own ports, database and outbox, beside any dev instance. */
export const e2eEnv = {
  NODE_ENV: e2eOrigin === 'nginx' ? 'production' : 'test',
  LOG_LEVEL: 'warn',
  PORT: String(port),
  AUTH_PORT: servicePort(0),
  CATALOG_PORT: servicePort(1),
  PROGRESS_PORT: servicePort(2),
  WEBHOOKS_PORT: servicePort(3),
  WORKER_PORT: servicePort(4),
  REPLICAS: String(e2eReplicas),
  DATABASE_URL:
    process.env.E2E_DATABASE_URL ??
    `postgres://postgres@127.0.0.1:5432/sleep_ritual_e2e${port === 8090 ? '' : `_${port}`}`,
  REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
  SESSION_KEYS: 'e2e-session-key',
  ADMIN_PASSWORD: 'e2e-admin-password',
  THRIVECART_SECRET: 'e2e-thrivecart-secret',
  ACCOUNT_HASH_SECRET: 'e2e-account-hash-secret',
  PUBLIC_APP_URL: `http://localhost:${port}`,
  PUBLIC_MARKETING_URL: `http://localhost:${port}`,
  CHECKOUT_URL: 'https://sleepritual.thrivecart.com/e2e-checkout/',
  UPGRADE_CHECKOUT_URL: 'https://sleepritual.thrivecart.com/e2e-upgrade/?coupon=E2E',
  OUTBOX_DIR: path.join(repoRoot, 'var', `e2e-outbox-${port}`),
  MEDIA_DIR: path.join(repoRoot, 'var', `e2e-media-${port}`),
  // Nothing listens on port 9: the class form's Vimeo look-up says Vimeo is unreachable, at once.
  VIMEO_OEMBED_URL: 'http://127.0.0.1:9/api/oembed.json',
} as const;

export const baseURL = `http://localhost:${e2eEnv.PORT}`;
