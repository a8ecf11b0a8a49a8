import { createHmac, randomBytes } from 'node:crypto';
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

/**
 * Every variable the processes read. Each description is the variable's line in docs/configuration.md,
 * which `npm run docs:config` writes from this schema (and `-- --check` compares in `npm run check`).
 */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'test', 'production'])
    .default('development')
    .describe(
      'The environment. `production` requires the four secrets and refuses the demo content; elsewhere missing secrets are generated once into `var/dev-secrets.json`.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('The pino log level of every process.'),
  PORT: port(8080).describe(
    "The origin's port: the development gateway, or nginx under `npm run start:prod`.",
  ),
  BIND_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('The interface the services and the worker listen on (`0.0.0.0` in a container).'),
  GATEWAY_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe(
      "The interface `npm start`'s origin listens on (the development gateway; nginx with `--prod`): this machine only unless told otherwise (`0.0.0.0` to reach it from another device).",
    ),
  AUTH_PORT: port(4101).describe('Internal port of the auth service.'),
  CATALOG_PORT: port(4102).describe('Internal port of the catalog service.'),
  PROGRESS_PORT: port(4103).describe('Internal port of the progress service.'),
  WEBHOOKS_PORT: port(4104).describe('Internal port of the webhook receiver.'),
  WORKER_PORT: port(4105).describe('Internal port of the worker (health and metrics only).'),
  REPLICAS: z.coerce
    .number()
    .int()
    .min(1)
    .max(8)
    .default(1)
    .describe(
      "Processes of each service and of the worker that `npm start` runs (`-- --replicas N`), balanced by the origin; replica k listens 5 × k ports above its service's port.",
    ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^/]+\/[^/?]+/, 'must be a postgres:// URL naming a database')
    .default('postgres://postgres@127.0.0.1:5432/sleep_ritual')
    .describe(
      'PostgreSQL (the database is created if missing). `npm start` alone also takes `embedded`: it runs an embedded PostgreSQL (see [getting started](getting-started.md#embedded-postgresql)).',
    ),
  REDIS_URL: z
    .string()
    .regex(/^(rediss?:\/\/[^/]+|none$)/, 'must be a redis:// URL, or none (PostgreSQL only)')
    .default('redis://127.0.0.1:6379')
    .describe(
      'Redis: sessions, rate limits and queues. `none` keeps them in PostgreSQL (see [the PostgreSQL-only mode](getting-started.md#the-postgresql-only-mode)).',
    ),
  SESSION_KEYS: optionalText.describe(
    'Comma-separated cookie signing keys: the first signs, all verify (rotate by putting a new key first). Required in production; in development generated into `var/dev-secrets.json`.',
  ),
  ADMIN_PASSWORD: optionalText.describe(
    'The shared admin password of `/admin`. Required in production; in development generated and printed at start.',
  ),
  THRIVECART_SECRET: optionalText.describe(
    "ThriveCart's secret word, which every webhook carries and which signs the checkout's redirect. Required in production; in development generated and printed at start.",
  ),
  ACCOUNT_HASH_SECRET: optionalText.describe(
    "Keys the hashes kept instead of secrets and addresses: a deleted member's address in the tombstone that keeps their old orders from recreating them, the sign-in codes, and the rate limits' keys of an account. Changing it voids the sign-in codes not yet used and lets deleted members' old orders recreate them. Required in production; in development generated into `var/dev-secrets.json`.",
  ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional()
    .describe('`smtp://user:pass@host:port`; unset, e-mails are logged and written to `OUTBOX_DIR`.'),
  SMTP_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(5)
    .describe(
      "SMTP connections the worker keeps open to `SMTP_URL` (nodemailer's pool); each carries one message at a time and up to 100 before it is renewed. Keep it within what the mail provider allows per client.",
    ),
  EMAIL_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe(
      'E-mail jobs each worker process works on at once: two per SMTP connection by default, so one job builds its message (a database read, a token) while another is on the wire. See [development](development.md#benchmarks) for the launch-night figures.',
    ),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, {
      error: 'an address, or a name and an address in angle brackets',
    })
    .default('Sleep Ritual <hello@sleepritual.example>')
    .describe('The sender of every e-mail.'),
  SUPPORT_EMAIL: z
    .email()
    .default(publicDefaults.supportEmail)
    .describe(
      'The support address shown to learners, and where the worker reports an order it cannot provision.',
    ),
  PUBLIC_APP_URL: z
    .url()
    .optional()
    .describe(
      "Absolute origin of the members app, for e-mail links and cross-site links; unset, the gateway's `http://localhost:PORT`. An https origin makes the cookies Secure.",
    ),
  PUBLIC_MARKETING_URL: z
    .url()
    .optional()
    .describe("Absolute origin of the sales pages; unset, the gateway's `http://localhost:PORT`."),
  CHECKOUT_URL: z
    .url()
    .default(publicDefaults.checkoutUrl)
    .describe('The ThriveCart checkout page the sales pages link to.'),
  UPGRADE_CHECKOUT_URL: z
    .url()
    .default(publicDefaults.upgradeCheckoutUrl)
    .describe('The ThriveCart checkout page of the upgrade offer.'),
  ACCEPT_TEST_ORDERS: booleanFromEnv
    .optional()
    .describe(
      "Process ThriveCart's test-mode orders; unset, true except in production. Refused ones are acknowledged and listed on the admin Orders screen.",
    ),
  OUTBOX_DIR: z
    .string()
    .optional()
    .describe('Where e-mails are written while `SMTP_URL` is unset; unset, `var/outbox`.'),
  BACKUP_DIR: z
    .string()
    .optional()
    .describe('Where `npm run db:backup` writes its dumps; unset, `var/backups`.'),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000)
    .default(14)
    .describe('How many of the newest dumps `npm run db:backup` keeps.'),
  COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9.-]+$/i, 'must be a domain such as example.com')
    .optional()
    .describe(
      'Domain of the readable signed-in hint cookie, when the sales pages live on a sibling subdomain (e.g. `example.com`); unset, this host only.',
    ),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ : -')
    .optional()
    .describe(
      'Namespace of the BullMQ queues: the Redis key prefix, or without Redis the PostgreSQL schema (`bull:x` becomes `bull_x`); unset, `bull:<database name>`, so a development, test and browser-test system never share jobs.',
    ),
  PAYMENT_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(365)
    .default(7)
    .describe(
      'Days a purchase keeps access after an instalment of its payment plan failed (0: suspended at once); applies to failures recorded afterwards. See [purchases](purchases.md#payment-plans).',
    ),
  THRIVECART_API_KEY: optionalText.describe(
    'ThriveCart API token for reconciliation, set for the worker and the catalog; unset, no reconciliation. See [purchases](purchases.md#reconciliation).',
  ),
  THRIVECART_API_URL: z
    .url()
    .default('https://thrivecart.com/api/external')
    .describe("ThriveCart's API (tests point it at a local fake)."),
  MEDIA_DIR: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      "The media store: uploaded images and audio, and the demo's audio in `demo/`, served under `/media/` with byte ranges. A relative path is from the repository root; unset, `var/media`. In compose, leave it unset (the `media` volume).",
    ),
  VIMEO_OEMBED_URL: z
    .url()
    .default('https://vimeo.com/api/oembed.json')
    .describe(
      "Vimeo's oEmbed endpoint, asked for a class video's title, length and thumbnail (tests point it at a local fake).",
    ),
});

export class ConfigError extends Error {}

type DevSecrets = {
  SESSION_KEYS: string;
  ADMIN_PASSWORD: string;
  THRIVECART_SECRET: string;
  ACCOUNT_HASH_SECRET: string;
};

/**
 * Every process started in development must agree on the same secrets (they share sessions), so the
 * generated ones are kept in var/dev-secrets.json and reused until that file is removed.
 */
function developmentSecrets(): DevSecrets {
  const file = path.join(repoRoot, 'var', 'dev-secrets.json');
  try {
    return withAccountHashSecret(JSON.parse(readFileSync(file, 'utf8')) as DevSecrets);
  } catch {
    const secrets: DevSecrets = {
      SESSION_KEYS: randomBytes(32).toString('base64url'),
      ADMIN_PASSWORD: `night-${randomBytes(6).toString('base64url')}`,
      THRIVECART_SECRET: randomBytes(18).toString('base64url'),
      ACCOUNT_HASH_SECRET: randomBytes(32).toString('base64url'),
    };
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(secrets, null, 2), { flag: 'wx', mode: 0o600 });
      return secrets;
    } catch {
      // Another process won the race to create it: use theirs.
      return withAccountHashSecret(JSON.parse(readFileSync(file, 'utf8')) as DevSecrets);
    }
  }
}

/**
 * A dev-secrets file written before ACCOUNT_HASH_SECRET existed lacks it: every process derives the same
 * one from the file's session keys, so they still agree without rewriting the file.
 */
function withAccountHashSecret(secrets: DevSecrets): DevSecrets {
  return {
    ...secrets,
    ACCOUNT_HASH_SECRET:
      secrets.ACCOUNT_HASH_SECRET ??
      createHmac('sha256', secrets.SESSION_KEYS).update('account-hash').digest('base64url'),
  };
}

type EnvValues = z.output<typeof configSchema>;
type Secrets = {
  sessionKeys: string;
  adminPassword: string;
  thrivecartSecret: string;
  accountHashSecret: string;
};

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
    /** Where `npm start`'s origin listens (GATEWAY_HOST): the development gateway, or nginx with --prod. */
    gatewayHost: values.GATEWAY_HOST,
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
    /**
     * The key of the keyed hashes that must never be reversible nor guessable offline: sign-in codes at
     * rest and the address in a deleted account's tombstone. Changing it forgets every tombstone.
     */
    accountHashSecret: secrets.accountHashSecret,
    smtpUrl: values.SMTP_URL,
    /** The pooled SMTP transport's connections, and the e-mail jobs a worker process runs at once. */
    smtpMaxConnections: values.SMTP_MAX_CONNECTIONS,
    emailConcurrency: values.EMAIL_CONCURRENCY,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    publicAppUrl,
    publicMarketingUrl: trimSlash(values.PUBLIC_MARKETING_URL ?? gatewayOrigin),
    checkoutUrl: values.CHECKOUT_URL,
    upgradeCheckoutUrl: values.UPGRADE_CHECKOUT_URL,
    acceptTestOrders: values.ACCEPT_TEST_ORDERS ?? !isProduction,
    /** Days a purchase keeps access after an instalment of its payment plan failed (0: none). */
    paymentGraceDays: values.PAYMENT_GRACE_DAYS,
    /** A relative OUTBOX_DIR (or BACKUP_DIR) means from the repository root, whichever folder a process runs in. */
    outboxDir: path.resolve(repoRoot, values.OUTBOX_DIR ?? path.join('var', 'outbox')),
    /** Where `npm run db:backup` writes dumps, and how many of the newest it keeps. */
    backupDir: path.resolve(repoRoot, values.BACKUP_DIR ?? path.join('var', 'backups')),
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

const secretNames = ['SESSION_KEYS', 'ADMIN_PASSWORD', 'THRIVECART_SECRET', 'ACCOUNT_HASH_SECRET'] as const;

/**
 * Parses the environment once; throws a ConfigError naming every invalid variable, one line each
 * (`Invalid configuration: PORT …`), so one start-up shows everything there is to fix.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`FOO=`) means unset, as compose passes `${FOO:-}`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
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
  const secret = (name: (typeof secretNames)[number]) => {
    // A secret not set is in `missing`, so `generated` holds it.
    const value = values[name] ?? generated?.[name];
    if (value === undefined) throw new ConfigError(`Invalid configuration: ${name} has no value`);
    return value;
  };
  return deriveConfig(values, {
    sessionKeys: secret('SESSION_KEYS'),
    adminPassword: secret('ADMIN_PASSWORD'),
    thrivecartSecret: secret('THRIVECART_SECRET'),
    accountHashSecret: secret('ACCOUNT_HASH_SECRET'),
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
