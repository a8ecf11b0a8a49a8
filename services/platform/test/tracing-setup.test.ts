import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.ts';
import { redactAttribute, redactAttributes, redactUrl } from '../src/span-redaction.ts';
import { serviceNameOf, tracingRequested } from '../src/tracing-request.ts';

/** A process preloading the tracing module as the services do; answers what it found registered. */
function preloaded(env: Record<string, string>) {
  const probe =
    "const g = globalThis[Symbol.for('opentelemetry.js.api.1')]; " +
    'console.log(JSON.stringify({ registered: Boolean(g && g.trace), loaded: Object.keys(g ?? {}) }))';
  const result = spawnSync(
    process.execPath,
    ['--import', '@sleep-ritual/platform/tracing', '--input-type=module', '-e', probe],
    {
      cwd: path.join(repoRoot, 'services', 'auth'),
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    },
  );
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout) as { registered: boolean };
}

describe('starting tracing', () => {
  it('starts nothing without the OTEL_* variables, nor with an exporter of none or the SDK disabled', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_TRACES_EXPORTER: '' })).toBe(false);
    expect(
      tracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBe(false);
    expect(preloaded({}).registered).toBe(false);
  });

  it('starts the SDK when an endpoint or an exporter is named', () => {
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(preloaded({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }).registered).toBe(true);
  });

  it('names each process after its service or script', () => {
    expect(serviceNameOf('/app/services/catalog/src/server.ts')).toBe('sleep-ritual-catalog');
    expect(serviceNameOf('/app/services/worker/src/server.ts')).toBe('sleep-ritual-worker');
    expect(serviceNameOf('/app/scripts/simulate-purchase.ts')).toBe('sleep-ritual-simulate-purchase');
    expect(serviceNameOf('')).toBe('sleep-ritual');
  });
});

describe('what a span may say', () => {
  it('keeps the names of a query string and drops its values (sign-in, reset and account links)', () => {
    expect(redactUrl('http://localhost:8080/api/reset-password?token=abc123')).toBe(
      'http://localhost:8080/api/reset-password?token=[redacted]',
    );
    expect(redactUrl('/create-account?order_id=42&token=t0k')).toBe(
      '/create-account?order_id=[redacted]&token=[redacted]',
    );
    expect(redactUrl('https://user:hunter2@example.com/path')).toBe(
      'https://user:[redacted]@example.com/path',
    );
    expect(redactAttribute('url.query', 'token=abc&x=1')).toBe('token=[redacted]&x=[redacted]');
    expect(redactAttribute('url.path', '/api/classes/1/details')).toBe('/api/classes/1/details');
  });

  it('keeps only the allowed headers, never cookies or authorization', () => {
    const { set, remove } = redactAttributes({
      'http.request.header.cookie': ['sr.sid=secret'],
      'http.request.header.authorization': ['Bearer x'],
      'http.response.header.set-cookie': ['sr.sid=secret'],
      'http.request.header.x-request-id': ['abc-123-def'],
      'http.request.header.referer': ['http://x/?token=y'],
      'http.route': '/api/login',
    });
    expect(remove.sort()).toEqual([
      'http.request.header.authorization',
      'http.request.header.cookie',
      'http.request.header.referer',
      'http.response.header.set-cookie',
    ]);
    expect(set).toEqual({});
  });

  it('drops attributes named like a secret, query values and job results, and passwords in connection strings', () => {
    expect(redactAttribute('thrivecart_secret', 'x')).toBeUndefined();
    expect(redactAttribute('db.postgresql.values', ['a'])).toBeUndefined();
    expect(redactAttribute('bullmq.job.result', '{"to":"a@b.c"}')).toBeUndefined();
    expect(redactAttribute('db.connection_string', 'postgres://sleep:pw@db:5432/x')).toBe(
      'postgres://sleep:[redacted]@db:5432/x',
    );
    expect(redactAttribute('db.query.text', 'select * from users where email = $1')).toBe(
      'select * from users where email = $1',
    );
  });
});
