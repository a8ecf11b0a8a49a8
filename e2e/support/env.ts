import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The started system under test runs on its own ports, database and outbox, beside any dev instance. */
export const e2eEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: '8090',
  AUTH_PORT: '4201',
  CATALOG_PORT: '4202',
  PROGRESS_PORT: '4203',
  WEBHOOKS_PORT: '4204',
  WORKER_PORT: '4205',
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sleep_ritual_e2e',
  REDIS_URL: process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379',
  SESSION_KEYS: 'e2e-session-key',
  ADMIN_PASSWORD: 'e2e-admin-password',
  THRIVECART_SECRET: 'e2e-thrivecart-secret',
  PUBLIC_APP_URL: 'http://localhost:8090',
  PUBLIC_MARKETING_URL: 'http://localhost:8090',
  CHECKOUT_URL: 'https://sleepritual.thrivecart.com/e2e-checkout/',
  UPGRADE_CHECKOUT_URL: 'https://sleepritual.thrivecart.com/e2e-upgrade/?coupon=E2E',
  OUTBOX_DIR: path.join(repoRoot, 'var', 'e2e-outbox'),
} as const;

export const baseURL = `http://localhost:${e2eEnv.PORT}`;
