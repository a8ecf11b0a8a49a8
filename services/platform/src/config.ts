import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { publicDefaults } from '@sleep-ritual/contracts/public-config';
import { repoRoot } from './paths.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const optionalText = z.string().trim().min(1).optional();

/**
 * Replica k (from 0) of a service listens REPLICA_PORT_STEP × k ports above the service's own port: the
 * five internal ports repeat in blocks of five (4101–4105, then 4106–4110, …).
 */
const REPLICA_PORT_STEP = 5;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: port(8080),
  BIND_HOST: z.string().min(1).default('127.0.0.1'),
  AUTH_PORT: port(4101),
  CATALOG_PORT: port(4102),
  PROGRESS_PORT: port(4103),
  WEBHOOKS_PORT: port(4104),
  WORKER_PORT: port(4105),
  REPLICAS: z.coerce.number().int().min(1).max(8).default(1),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^/]+\/[^/?]+/, 'must be a postgres:// URL naming a database')
    .default('postgres://postgres@127.0.0.1:5432/sleep_ritual'),
  REDIS_URL: z
    .string()
    .regex(/^(rediss?:\/\/[^/]+|none$)/, 'must be a redis:// URL, or none (PostgreSQL only)')
    .default('redis://127.0.0.1:6379'),
  SESSION_KEYS: optionalText,
  ADMIN_PASSWORD: optionalText,
  THRIVECART_SECRET: optionalText,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sleep Ritual <hello@sleepritual.example>'),
  SUPPORT_EMAIL: z.email().default(publicDefaults.supportEmail),
  PUBLIC_APP_URL: z.url().optional(),
  PUBLIC_MARKETING_URL: z.url().optional(),
  CHECKOUT_URL: z.url().default(publicDefaults.checkoutUrl),
  UPGRADE_CHECKOUT_URL: z.url().default(publicDefaults.upgradeCheckoutUrl),
  ACCEPT_TEST_ORDERS: booleanFromEnv.optional(),
  OUTBOX_DIR: z.string().optional(),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1_000).default(14),
  COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9.-]+$/i, 'must be a domain such as example.com')
    .optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
    .optional(),
  PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  THRIVECART_API_KEY: optionalText,
  THRIVECART_API_URL: z.url().default('https://thrivecart.com/api/external'),
  MEDIA_DIR: z.string().trim().min(1).optional(),
  VIMEO_OEMBED_URL: z.url().default('https://vimeo.com/api/oembed.json'),
});

export class ConfigError extends Error {}

type DevSecrets = { SESSION_KEYS: string; ADMIN_PASSWORD: string; THRIVECART_SECRET: string };

/**
 * Every process started in development must agree on the same secrets (they share sessions), so the
 * generated ones are kept in var/dev-secrets.json and reused until that file is removed.
 */
function developmentSecrets(): DevSecrets {
  const file = path.join(repoRoot, 'var', 'dev-secrets.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
  } catch {
    const secrets: DevSecrets = {
      SESSION_KEYS: randomBytes(32).toString('base64url'),
      ADMIN_PASSWORD: `night-${randomBytes(6).toString('base64url')}`,
      THRIVECART_SECRET: randomBytes(18).toString('base64url'),
    };
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(secrets, null, 2), { flag: 'wx', mode: 0o600 });
      return secrets;
    } catch {
      // Another process won the race to create it: use theirs.
      return JSON.parse(readFileSync(file, 'utf8')) as DevSecrets;
    }
  }
}

type EnvValues = z.output<typeof schema>;
type Secrets = { sessionKeys: string; adminPassword: string; thrivecartSecret: string };

/** The configuration every process reads, derived from the parsed environment: its type is `Config`. */
function deriveConfig(values: EnvValues, secrets: Secrets) {
  const isProduction = values.NODE_ENV === 'production';
  const gatewayOrigin = `http://localhost:${values.PORT}`;
  const publicAppUrl = trimSlash(values.PUBLIC_APP_URL ?? gatewayOrigin);
  const servicePorts = {
    auth: values.AUTH_PORT,
    catalog: values.CATALOG_PORT,
    progress: values.PROGRESS_PORT,
    webhooks: values.WEBHOOKS_PORT,
    worker: values.WORKER_PORT,
  };
  return {
    env: values.NODE_ENV,
    logLevel: values.LOG_LEVEL,
    port: values.PORT,
    bindHost: values.BIND_HOST,
    servicePorts,
    /** Processes of each service and of the worker that `npm start` runs (the origin balances them). */
    replicas: values.REPLICAS,
    /** The port of each replica of each service, the first being the service's own port. */
    replicaPorts: Object.fromEntries(
      Object.entries(servicePorts).map(([name, first]) => [
        name,
        Array.from({ length: values.REPLICAS }, (_, k) => first + REPLICA_PORT_STEP * k),
      ]),
    ) as Record<keyof typeof servicePorts, number[]>,
    databaseUrl: values.DATABASE_URL,
    /** Redis, the production default; null with REDIS_URL=none, where PostgreSQL holds everything. */
    redisUrl: values.REDIS_URL === 'none' ? null : values.REDIS_URL,
    sessionKeys: secrets.sessionKeys
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    adminPassword: secrets.adminPassword,
    thrivecartSecret: secrets.thrivecartSecret,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    publicAppUrl,
    publicMarketingUrl: trimSlash(values.PUBLIC_MARKETING_URL ?? gatewayOrigin),
    checkoutUrl: values.CHECKOUT_URL,
    upgradeCheckoutUrl: values.UPGRADE_CHECKOUT_URL,
    acceptTestOrders: values.ACCEPT_TEST_ORDERS ?? !isProduction,
    /** Days a purchase keeps access after an instalment of its payment plan failed (0: none). */
    paymentGraceDays: values.PAYMENT_GRACE_DAYS,
    outboxDir: values.OUTBOX_DIR ?? path.join(repoRoot, 'var', 'outbox'),
    /** Where `npm run db:backup` writes dumps, and how many of the newest it keeps. */
    backupDir: values.BACKUP_DIR ?? path.join(repoRoot, 'var', 'backups'),
    backupKeep: values.BACKUP_KEEP,
    /** BullMQ key prefix; by default one per database, so a dev, test and e2e system never share jobs. */
    queuePrefix:
      values.QUEUE_PREFIX ?? `bull:${decodeURIComponent(new URL(values.DATABASE_URL).pathname.slice(1))}`,
    secureCookies: publicAppUrl.startsWith('https://'),
    /** Domain of the signed-in hint cookie, when the sales pages live on a sibling subdomain. */
    cookieDomain: values.COOKIE_DOMAIN,
    /** ThriveCart's API, for reconciliation: unset key = no reconciliation. The URL moves for tests. */
    thrivecartApiKey: values.THRIVECART_API_KEY,
    thrivecartApiUrl: trimSlash(values.THRIVECART_API_URL),
    /** The media store (uploaded images and audio, the demo's audio), served under /media/. */
    mediaDir: path.resolve(repoRoot, values.MEDIA_DIR ?? path.join('var', 'media')),
    /** Vimeo's public oEmbed endpoint, asked for a class video's title, length and thumbnail. */
    vimeoOembedUrl: values.VIMEO_OEMBED_URL,
  };
}

export type Config = ReturnType<typeof deriveConfig>;

const secretNames = ['SESSION_KEYS', 'ADMIN_PASSWORD', 'THRIVECART_SECRET'] as const;

/**
 * Parses the environment once; throws a ConfigError naming every invalid variable, one line each
 * (`Invalid configuration: PORT …`), so one start-up shows everything there is to fix.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`FOO=`) means unset, as compose passes `${FOO:-}`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  const problems: string[] = [];
  if (!parsed.success) {
    const named = new Set<string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      // One line per variable: its first problem is enough to fix it.
      if (named.has(name)) continue;
      named.add(name);
      problems.push(`${name} ${issue.message}`);
    }
  }
  const isProduction = (parsed.success ? parsed.data.NODE_ENV : present.NODE_ENV) === 'production';
  const missing = secretNames.filter((name) => present[name] === undefined);
  if (isProduction && missing.length > 0) problems.push(`${missing.join(', ')} must be set in production`);
  if (problems.length > 0 || !parsed.success) {
    throw new ConfigError(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
  }
  const values = parsed.data;

  const generated = missing.length > 0 ? developmentSecrets() : undefined;
  const secret = (name: (typeof secretNames)[number]) => values[name] ?? generated![name];
  return deriveConfig(values, {
    sessionKeys: secret('SESSION_KEYS'),
    adminPassword: secret('ADMIN_PASSWORD'),
    thrivecartSecret: secret('THRIVECART_SECRET'),
  });
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** For server.ts files: load the config or print the one-line reason and exit. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
