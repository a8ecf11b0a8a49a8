import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testConfig } from '../src/testing.ts';
import { repoRoot } from '../src/paths.ts';
import { SHUTDOWN_DRAIN_MS } from '../src/run-service.ts';

// Debian's docker-compose (v1) validates the file offline: .ci/run installs it where it is missing.
function composeConfig(env: Record<string, string> = {}, profiles: string[] = []): string {
  const args = [
    '-f',
    path.join(repoRoot, 'docker-compose.yml'),
    ...profiles.flatMap((name) => ['--profile', name]),
  ];
  return execFileSync('docker-compose', [...args, 'config'], {
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
  profiles?: string[];
  ports?: string[];
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
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

/** The variables of the configuration reference's table, by their backticked names in its first column. */
function readmeVariables(): string[] {
  const table = readFileSync(path.join(repoRoot, 'docs', 'configuration.md'), 'utf8');
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
    expect(config).toMatch(/migrate:[\s\S]*?command:\s*\n\s*- node\n\s*- scripts\/migrate\.ts\n/);
    expect(config).not.toContain('db:seed');
  });

  it('passes every variable of the configuration reference (docs/configuration.md) through from the environment', () => {
    const marker = 'from-the-environment';
    // REPLICAS is how many processes `npm start` runs; compose runs one per container (`--scale`).
    // EMBEDDED_POSTGRES_DIR is where `npm start` keeps an embedded server; compose has its own PostgreSQL.
    // GATEWAY_HOST is where the development gateway listens; compose serves through nginx.
    const startScriptOnly = ['REPLICAS', 'EMBEDDED_POSTGRES_DIR', 'GATEWAY_HOST'];
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
    // The alert rules beside the configuration, which names them.
    expect(prometheus.volumes).toContain(
      `${path.join(repoRoot, 'infra', 'prometheus', 'alerts.yml')}:/etc/prometheus/alerts.yml:ro`,
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

  it('runs each service, the worker and the migration as node itself, never through npm or tsx', () => {
    const services = composeServices();
    for (const name of SERVICES) {
      expect(services[name]!.command, name).toEqual([
        'node',
        '--import',
        '@sleep-ritual/platform/tracing',
        `services/${name}/src/server.ts`,
      ]);
    }
    expect(services.migrate!.command).toEqual(['node', 'scripts/migrate.ts']);
    expect(composeConfig()).not.toMatch(/\btsx\b/);
  });

  it('locks down every container of ours: read-only image, writable /tmp, no capabilities, no privilege gain', () => {
    const services = composeServices();
    for (const name of [...SERVICES, 'migrate', 'nginx']) {
      const service = services[name]!;
      expect(service.read_only, `${name} read_only`).toBe(true);
      expect(service.tmpfs, `${name} tmpfs`).toContain('/tmp');
      expect(service.cap_drop, `${name} cap_drop`).toEqual(['ALL']);
      expect(service.security_opt, `${name} security_opt`).toContain('no-new-privileges:true');
      expect(service.security_opt ?? [], `${name} keeps Docker's seccomp profile`).not.toContain(
        'seccomp:unconfined',
      );
    }
    for (const name of [...SERVICES, 'migrate']) expect(services[name]!.cap_add, name).toBeUndefined();
    expect(services.nginx!.cap_add).toEqual(['CHOWN', 'SETGID', 'SETUID', 'NET_BIND_SERVICE']);
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
    // Written under another name and renamed once whole: a failed dump is never kept nor counted.
    expect(script).toContain('--file="$file.partial"; then');
    expect(script).toContain('mv "$file.partial" "$file"');
    expect(script).toContain('rm -f "$file.partial"');
    expect(script).toMatch(/\$\(\(BACKUP_KEEP \+ 1\)\)/);
    expect(script).toContain("date -d 'tomorrow 03:00'");
  });

  it('runs no mail catcher unless the dev profile is asked for, and then on this host only', () => {
    const services = composeServices();
    const mailpit = services.mailpit!;
    expect(mailpit.profiles).toEqual(['dev']);
    expect(mailpit.ports).toEqual(['127.0.0.1:8025:8025/tcp']);
    // Mail goes where SMTP_URL says, never to the catcher by default; nothing waits for the catcher.
    for (const name of SERVICES) {
      expect(services[name]!.environment!.SMTP_URL, name).toBe('');
      expect(Object.keys(services[name]!.depends_on ?? {}), name).not.toContain('mailpit');
    }
    expect(composeServices({ SMTP_URL: 'smtp://mailpit:1025' }).worker!.environment!.SMTP_URL).toBe(
      'smtp://mailpit:1025',
    );
    // No other port of the stack but nginx's is published beyond this host.
    for (const [name, service] of Object.entries(services)) {
      for (const port of service.ports ?? []) {
        if (name !== 'nginx') expect(port, name).toMatch(/^127\.0\.0\.1:/);
      }
    }
  });

  it('adds the OpenTelemetry Collector and Jaeger only with the tracing profile, and passes the OTEL_* variables through', () => {
    type Services = Record<string, ComposeService & { ports?: string[]; profiles?: string[] }>;
    const plain = (parse(composeConfig()) as { services: Services }).services;
    // docker-compose v1 lists every service in `config`; `up` starts these only with the profile.
    expect(plain['otel-collector']!.profiles).toEqual(['tracing']);
    expect(plain.jaeger!.profiles).toEqual(['tracing']);

    const traced = (
      parse(composeConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' }, ['tracing'])) as {
        services: Services;
      }
    ).services;
    expect(traced['otel-collector']!.volumes).toContain(
      `${path.join(repoRoot, 'infra', 'otel', 'collector.yml')}:/etc/otelcol/collector.yml:ro`,
    );
    expect(traced.jaeger!.ports).toEqual(['127.0.0.1:16686:16686/tcp']);
    for (const name of ['auth', 'catalog', 'progress', 'webhooks', 'worker']) {
      expect(traced[name]!.environment!.OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe('http://otel-collector:4318');
      // Unset: nothing is traced (tracing-request.ts counts an empty variable as unset).
      expect(plain[name]!.environment!.OTEL_EXPORTER_OTLP_ENDPOINT, name).toBe('');
    }
  });

  it('starts every service as node itself with the tracing module preloaded, as its start script does', () => {
    const { services } = parse(composeConfig()) as { services: Record<string, ComposeService> };
    for (const name of ['auth', 'catalog', 'progress', 'webhooks', 'worker']) {
      expect(services[name]!.command).toEqual([
        'node',
        '--import',
        '@sleep-ritual/platform/tracing',
        `services/${name}/src/server.ts`,
      ]);
      const manifest = JSON.parse(
        readFileSync(path.join(repoRoot, 'services', name, 'package.json'), 'utf8'),
      ) as { scripts: Record<string, string> };
      expect(manifest.scripts.start).toBe('node --import @sleep-ritual/platform/tracing src/server.ts');
    }
  });
});
