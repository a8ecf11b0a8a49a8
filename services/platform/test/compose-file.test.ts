import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { testConfig } from '../src/testing.ts';
import { repoRoot } from '../src/paths.ts';

// Debian's docker-compose (v1) validates the file offline: .ci/run installs it where it is missing.
function composeConfig(env: Record<string, string> = {}): string {
  return execFileSync('docker-compose', ['-f', path.join(repoRoot, 'docker-compose.yml'), 'config'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
}

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
    const variables = readmeVariables().filter(
      (name) =>
        !['PORT', 'BIND_HOST', 'NODE_ENV', 'DATABASE_URL', 'OUTBOX_DIR', 'BACKUP_DIR', 'REPLICAS'].includes(
          name,
        ),
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
});
