import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testConfig } from '../src/testing.ts';
import { repoRoot } from '../src/paths.ts';
import { SHUTDOWN_DRAIN_MS } from '../src/run-service.ts';

// Debian's docker-compose (v1) validates the file offline: .ci/run installs it where it is missing.
function composeConfig(env: Record<string, string> = {}): string {
  return execFileSync('docker-compose', ['-f', path.join(repoRoot, 'docker-compose.yml'), 'config'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
}

type ComposeService = {
  image?: string;
  build?: { target?: string };
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
};

/** The services as `docker-compose config` resolves them (anchors merged, variables substituted). */
function composeServices(env: Record<string, string> = {}): Record<string, ComposeService> {
  return (parse(composeConfig(env)) as { services: Record<string, ComposeService> }).services;
}

/** A compose duration (`30s`, `1m30s`, `2m`) in milliseconds. */
function durationMs(value: string): number {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  expect(parts.map((part) => part[0]).join(''), `${value} is a compose duration`).toBe(value);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;
  return parts.reduce((sum, [, amount, name]) => sum + Number(amount) * unit[name as keyof typeof unit], 0);
}

/** The services that run our code: each a Koa service or the worker, on its own internal port. */
const SERVICES = Object.keys(testConfig().servicePorts) as (keyof ReturnType<
  typeof testConfig
>['servicePorts'])[];

/** The variables of the README's configuration table, by their backticked names in its first column. */
function readmeVariables(): string[] {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Scripts'));
  const names = new Set<string>();
  for (const line of table.split('\n')) {
    const first = line.split('|')[1] ?? '';
    for (const [, name] of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(name!);
  }
  return [...names];
}

describe('docker-compose.yml', () => {
  it('validates, and its migrate step only migrates', () => {
    const config = composeConfig();
    expect(config).toMatch(/migrate:[\s\S]*?command:\s*\n\s*- npm\n\s*- run\n\s*- db:migrate\n/);
    expect(config).not.toContain('db:seed');
  });

  it('passes every configuration variable of the README through from the environment', () => {
    const marker = 'from-the-environment';
    // REPLICAS is how many processes `npm start` runs; compose runs one per container (`--scale`).
    // EMBEDDED_POSTGRES_DIR is where `npm start` keeps an embedded server; compose has its own PostgreSQL.
    const startScriptOnly = ['REPLICAS', 'EMBEDDED_POSTGRES_DIR'];
    const variables = readmeVariables().filter(
      (name) =>
        ![
          'PORT',
          'BIND_HOST',
          'NODE_ENV',
          'DATABASE_URL',
          'OUTBOX_DIR',
          'BACKUP_DIR',
          ...startScriptOnly,
        ].includes(name),
    );
    expect(variables.length).toBeGreaterThan(15);
    const config = composeConfig(Object.fromEntries(variables.map((name) => [name, `${name}-${marker}`])));
    for (const name of variables) expect(config, name).toContain(`${name}: ${name}-${marker}`);
  });

  it('keeps uploaded media in a named volume the catalog writes and nginx serves read-only', () => {
    const config = composeConfig();
    const service = (name: string) =>
      config.slice(config.indexOf(`\n  ${name}:\n`) + 1).split(/\n {2}\S/)[0]!;
    expect(service('catalog')).toMatch(/- media:\/app\/var\/media:rw/);
    expect(service('nginx')).toMatch(/- media:\/srv\/media:ro/);
    expect(config).toMatch(/\nvolumes:\n[\s\S]*\n {2}media: \{\}/);
  });

  it('takes the PostgreSQL credentials from the environment, with no password of its own', () => {
    const config = composeConfig({
      POSTGRES_USER: 'owner',
      POSTGRES_PASSWORD: 'pw-from-env',
      POSTGRES_DB: 'ritual',
    });
    expect(config).toContain('DATABASE_URL: postgres://owner:pw-from-env@postgres:5432/ritual');
    expect(composeConfig()).toContain("POSTGRES_PASSWORD: ''");
  });

  it("runs Prometheus on this host only, scraping each service's and the worker's internal port", () => {
    const { services } = parse(composeConfig()) as {
      services: Record<string, { image?: string; ports?: string[]; volumes?: string[] }>;
    };
    const prometheus = services.prometheus!;
    expect(prometheus.image).toMatch(/^prom\/prometheus:v3\./);
    expect(prometheus.ports).toEqual(['127.0.0.1:9090:9090/tcp']);
    expect(prometheus.volumes).toContain(
      `${path.join(repoRoot, 'infra', 'prometheus', 'prometheus.yml')}:/etc/prometheus/prometheus.yml:ro`,
    );

    const scrape = parse(
      readFileSync(path.join(repoRoot, 'infra', 'prometheus', 'prometheus.yml'), 'utf8'),
    ) as {
      scrape_configs: {
        job_name: string;
        dns_sd_configs: { names: string[]; type: string; port: number }[];
      }[];
    };
    const ports = testConfig().servicePorts;
    expect(
      Object.fromEntries(scrape.scrape_configs.map((job) => [job.job_name, job.dns_sd_configs])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(ports).map(([name, port]) => [name, [{ names: [name], type: 'A', port }]]),
      ),
    );
    for (const name of Object.keys(ports))
      expect(services[name], `${name} is a compose service`).toBeDefined();
  });

  it("keeps Redis's queued jobs across a restart: append-only persistence on a volume, nothing evicted", () => {
    const redis = composeServices().redis!;
    const command = redis.command!.join(' ');
    expect(command).toMatch(/^redis-server /);
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(redis.volumes).toContain('redisdata:/data:rw');
  });

  it("probes each service's and the worker's /readyz on its own port, and starts nginx once they answer it", () => {
    const services = composeServices();
    const ports = testConfig().servicePorts;
    for (const name of SERVICES) {
      const probe = services[name]!.healthcheck!.test.join(' ');
      expect(probe, name).toContain(`http://127.0.0.1:${ports[name]}/readyz`);
      expect(probe, `${name}: a failed answer fails the probe`).toContain('process.exit(r.ok ? 0 : 1)');
    }
    for (const name of SERVICES.filter((name) => name !== 'worker'))
      expect(services.nginx!.depends_on![name], `nginx waits for ${name}`).toEqual({
        condition: 'service_healthy',
      });
  });

  it('gives every process of ours longer to stop than its own drain, so compose never kills it midway', () => {
    const services = composeServices();
    expect(SHUTDOWN_DRAIN_MS).toBe(15_000);
    for (const name of [...SERVICES, 'migrate']) {
      const grace = services[name]!.stop_grace_period;
      expect(grace, `${name} has a stop_grace_period`).toBeDefined();
      expect(durationMs(grace!), name).toBeGreaterThan(SHUTDOWN_DRAIN_MS);
    }
  });

  it("serves the static builds from nginx's current stable line", () => {
    expect(composeServices().nginx!.build!.target).toBe('static');
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    const base = /^FROM nginx:(\d+)\.(\d+)(?:\.\d+)?(?:-[\w.-]+)? AS static$/m.exec(dockerfile);
    expect(base, 'the static target is built FROM an nginx image of a pinned version').not.toBeNull();
    const [major, minor] = [Number(base![1]), Number(base![2])];
    // nginx's stable lines have even minor numbers (odd ones are mainline); 1.30 is the stable line
    // released in April 2026, which superseded 1.28. Raise this when the next stable line ships.
    expect(minor % 2, `nginx ${major}.${minor} is a stable line, not mainline`).toBe(0);
    expect(
      major * 1_000 + minor,
      `nginx ${major}.${minor} is the current stable line`,
    ).toBeGreaterThanOrEqual(1_030);
  });

  it('dumps PostgreSQL every night into the backups volume, keeping the BACKUP_KEEP newest', () => {
    const backup = composeServices({
      BACKUP_KEEP: '5',
      POSTGRES_USER: 'owner',
      POSTGRES_DB: 'ritual',
    }).backup;
    expect(backup, 'a backup service').toBeDefined();
    expect(backup!.environment).toMatchObject({
      BACKUP_KEEP: '5',
      POSTGRES_USER: 'owner',
      POSTGRES_DB: 'ritual',
    });
    expect(composeServices().backup!.environment!.BACKUP_KEEP).toBe('14');
    expect(backup!.volumes).toContain('backups:/backups:rw');
    expect(backup!.depends_on!.postgres).toEqual({ condition: 'service_healthy' });
    // `$$` is compose's escape of a `$` the container's shell expands.
    const script = [...(backup!.entrypoint ?? []), ...(backup!.command ?? [])]
      .join('\n')
      .replaceAll('$$', '$');
    expect(script).toMatch(/pg_dump -h postgres -U "\$POSTGRES_USER" -d "\$POSTGRES_DB" --format=custom/);
    expect(script).toContain('--file="$file"');
    expect(script).toMatch(/\$\(\(BACKUP_KEEP \+ 1\)\)/);
    expect(script).toContain("date -d 'tomorrow 03:00'");
  });
});
