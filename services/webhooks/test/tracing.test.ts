import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLearner } from '@sleep-ritual/demo/demo-catalogue';
import { repoRoot } from '@sleep-ritual/platform/paths';
import {
  TEST_BACKEND,
  createClient,
  eventually,
  startScriptPorts,
  ownTestDatabase,
  uniqueEmail,
} from '@sleep-ritual/platform/testing';
import { startSystem, type StartedSystem } from '@sleep-ritual/platform/testing-processes';
import { formBody, thrivecartOrderFields } from '@sleep-ritual/thrivecart/samples';
import { waitForMailTo } from '@sleep-ritual/worker/outbox';

// The whole system started as `npm start` starts it (scripts/start.ts: every service, the worker and
// the development gateway as processes of their own, each preloading the tracing module), with the
// standard OTEL_* variables pointing at an OTLP/HTTP receiver in this test that reads the JSON
// encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). On Redis, and with TEST_BACKEND=postgres in the
// PostgreSQL-only mode (REDIS_URL=none), where the queue hop goes through BullMQ's PostgreSQL backend.

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values?: OtlpValue[] };
};
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
  events?: { name: string; attributes?: OtlpAttribute[] }[];
};
type ExportTraceServiceRequest = {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
};
type Span = OtlpSpan & { service: string; attrs: Record<string, unknown> };

const SECRET = 'tracing-test-thrivecart-secret';
const SESSION_KEYS = 'tracing-test-session-key';
const ADMIN_PASSWORD = 'tracing-test-admin-password';

function plain(value: OtlpValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  return value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
}

function attributesOf(list: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(list.map((attribute) => [attribute.key, plain(attribute.value)]));
}

const spans: Span[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    expect(req.url).toBe('/v1/traces');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    const request = JSON.parse(body) as ExportTraceServiceRequest;
    for (const resourceSpans of request.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? [])
          spans.push({ ...span, service, attrs: attributesOf(span.attributes) });
      }
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});

let system: StartedSystem;
let baseUrl = '';
let outboxDir = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverPort = (receiver.address() as { port: number }).port;
  const { env: ports } = await startScriptPorts();
  baseUrl = `http://127.0.0.1:${ports.PORT}`;
  outboxDir = mkdtempSync(path.join(tmpdir(), 'tracing-outbox-'));
  const databaseUrl = await ownTestDatabase('tracing');
  system = await startSystem(
    ['--no-build'],
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...ports,
      REPLICAS: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL:
        TEST_BACKEND === 'postgres' ? 'none' : (process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'),
      QUEUE_PREFIX: `tracing-${process.pid}`,
      SESSION_KEYS,
      ADMIN_PASSWORD,
      THRIVECART_SECRET: SECRET,
      PUBLIC_APP_URL: baseUrl,
      PUBLIC_MARKETING_URL: baseUrl,
      OUTBOX_DIR: outboxDir,
      MEDIA_DIR: path.join(repoRoot, 'var', 'tracing-test-media'),
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiverPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
    { timeoutMs: 90_000 },
  );
}, 120_000);

afterAll(async () => {
  if (system) await system.stop('SIGTERM');
  await new Promise((resolve) => receiver.close(resolve));
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
}, 40_000);

/** The JSON log lines of one process of the started system (`[worker]  {…}`). */
function logLines(process: string): Record<string, unknown>[] {
  return system
    .output()
    .split('\n')
    .filter((line) => line.startsWith(`[${process}]`))
    .map((line) => line.slice(line.indexOf('{')))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A PostgreSQL query's span (the stable semantic conventions' name, or the older one). */
const isPostgres = (span: Span) => (span.attrs['db.system.name'] ?? span.attrs['db.system']) === 'postgresql';

const inTrace = (traceId: string) => spans.filter((span) => span.traceId === traceId);

describe(`traces of the started system (${TEST_BACKEND === 'postgres' ? 'PostgreSQL-only mode' : 'Redis'})`, () => {
  it('follows a purchase from the webhook through the job that provisions it to the e-mail it sends, and the job logs its trace id', async () => {
    const email = uniqueEmail('traced');
    const orderId = String(Date.now() % 1_000_000_000);
    const answer = await fetch(`${baseUrl}/api/webhooks/thrivecart`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(thrivecartOrderFields({ secret: SECRET, orderId, email, items: ['product-1'] })),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ queued: true });
    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(/^[\w-]{8,}$/);

    const mail = await waitForMailTo(outboxDir, email, { timeoutMs: 30_000 });

    const webhook = await eventually(
      async () =>
        spans.find(
          (span) =>
            span.service === 'sleep-ritual-webhooks' &&
            span.attrs['http.route'] === '/api/webhooks/thrivecart' &&
            !span.parentSpanId?.match(/^0*$/) &&
            span.name.startsWith('POST'),
        ),
      { timeoutMs: 20_000, what: "the webhook request's span" },
    );
    const trace = await eventually(
      async () => {
        const found = inTrace(webhook.traceId);
        // A parent span ends, and is exported, after its children: wait for the e-mail job's own, and
        // for the gateway's, which its own process exports in a batch of its own, maybe later.
        const sent = found.some((span) => span.name === 'email send');
        const jobEnded = found.some((span) => span.name === 'process emails');
        const gateway = found.some((span) => span.service === 'sleep-ritual-gateway');
        return sent && jobEnded && gateway ? found : undefined;
      },
      { timeoutMs: 20_000, what: 'the e-mail job and its send span in the webhook trace' },
    );
    const services = new Set(trace.map((span) => span.service));
    expect(services).toEqual(
      new Set(['sleep-ritual-gateway', 'sleep-ritual-webhooks', 'sleep-ritual-worker']),
    );
    const names = trace.map((span) => `${span.service} ${span.name}`);
    expect(names).toContain('sleep-ritual-webhooks queue purchase');
    expect(names).toContain('sleep-ritual-worker process purchases');
    expect(names).toContain('sleep-ritual-worker process emails');
    expect(names).toContain('sleep-ritual-worker email send');
    // The job's work is in it: its queries, under the job's span.
    const purchaseJob = trace.find((span) => span.name === 'process purchases')!;
    expect(trace.some((span) => span.parentSpanId === purchaseJob.spanId)).toBe(true);
    expect(trace.some((span) => span.service === 'sleep-ritual-worker' && isPostgres(span))).toBe(true);

    // Every line of the job carries the request's id and the trace of the webhook that queued it.
    const provisioned = logLines('worker').find(
      (line) => line.msg === 'order provisioned' && line.requestId === requestId,
    );
    expect(provisioned).toMatchObject({ requestId, trace_id: webhook.traceId, queue: 'purchases' });
    expect(provisioned!.span_id).toMatch(/^[0-9a-f]{16}$/);

    // The link's token and the message itself are nowhere in a span.
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    assertNoSecretIn(spans, [SECRET, token!, email, 'Create your account']);
  }, 90_000);

  it('logs a failed job with its stack, the request id that queued it and its trace', async () => {
    const orderId = String((Date.now() + 7) % 1_000_000_000);
    const answer = await fetch(`${baseUrl}/api/webhooks/thrivecart`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: formBody(
        thrivecartOrderFields({
          secret: SECRET,
          orderId,
          email: uniqueEmail('unmapped'),
          items: ['product-987'],
        }),
      ),
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    const failed = await eventually(
      async () =>
        logLines('worker').find(
          (line) => line.requestId === requestId && String(line.msg).startsWith('job failed and is kept'),
        ),
      { timeoutMs: 30_000, what: "the failed job's log line" },
    );
    expect(failed).toMatchObject({ level: 50, queue: 'purchases', requestId });
    expect(String(failed.stack)).toMatch(
      /^UnrecoverableError: No programme is mapped to product-987[\s\S]*\n\s+at /,
    );
    // The job's own lines carry the webhook's trace.
    const webhook = await eventually(async () =>
      spans.find(
        (span) =>
          span.service === 'sleep-ritual-webhooks' &&
          span.attrs['http.request.header.x-request-id']?.toString() === requestId,
      ),
    );
    const errorLine = logLines('worker').find(
      (line) => line.requestId === requestId && line.unmapped !== undefined,
    );
    expect(errorLine?.trace_id).toBe(webhook.traceId);
  }, 60_000);

  it("shows a learner's class details request with its PostgreSQL query, from every service, and nothing secret", async () => {
    const learner = createClient(baseUrl);
    const signIn = await learner.request('/api/login', {
      method: 'POST',
      json: { email: demoLearner.email, password: demoLearner.password },
    });
    expect(signIn.status).toBe(200);
    const details = await learner.request('/api/classes/1/details');
    expect(details.status).toBe(200);
    const progress = await learner.request('/api/progress/1', {
      method: 'PUT',
      json: { position_sec: 30, duration_sec: 960, event_type: 'timeupdate' },
    });
    expect(progress.status).toBeLessThan(300);
    const resetPage = await learner.request('/api/reset-password?token=not-a-real-reset-token-12345');
    expect(resetPage.status).toBeLessThan(500);

    const classDetails = await eventually(
      async () =>
        spans.find(
          (span) =>
            span.service === 'sleep-ritual-catalog' &&
            span.attrs['http.route'] === '/api/classes/:classId/details',
        ),
      { timeoutMs: 20_000, what: 'the class details span' },
    );
    const queries = await eventually(
      async () => {
        const trace = inTrace(classDetails.traceId);
        const found = trace.filter((span) => span.service === 'sleep-ritual-catalog' && isPostgres(span));
        // The gateway's span ends, and is exported, after the catalog has answered it.
        const throughGateway = trace.some((span) => span.service === 'sleep-ritual-gateway');
        return found.length > 0 && throughGateway ? found : undefined;
      },
      { timeoutMs: 20_000, what: "the class details' query spans and the gateway's span" },
    );
    // Query text with placeholders, never the values.
    const statements = queries.map((span) =>
      String(span.attrs['db.statement'] ?? span.attrs['db.query.text'] ?? ''),
    );
    expect(statements.some((statement) => /\bclasses\b/.test(statement))).toBe(true);
    expect(queries.every((span) => span.attrs['db.postgresql.values'] === undefined)).toBe(true);

    await eventually(
      async () => {
        const services = new Set(spans.map((span) => span.service));
        return ['auth', 'catalog', 'progress', 'webhooks', 'worker', 'gateway'].every((name) =>
          services.has(`sleep-ritual-${name}`),
        );
      },
      {
        timeoutMs: 20_000,
        what: `spans from every service (so far: ${[...new Set(spans.map((s) => s.service))]})`,
      },
    );

    // The session cookie and its signature (not the short flags beside them).
    const cookies = [...learner.cookies.values()].filter((value) => value.length >= 16);
    expect(cookies.length).toBeGreaterThan(0);
    assertNoSecretIn(spans, [
      demoLearner.password,
      SESSION_KEYS,
      ADMIN_PASSWORD,
      SECRET,
      'not-a-real-reset-token-12345',
      ...cookies,
    ]);
    const headerAttributes = spans
      .flatMap((span) => Object.keys(span.attrs))
      .filter((key) => key.includes('.header.'));
    expect(headerAttributes.filter((key) => /cookie|authorization/i.test(key))).toEqual([]);
  }, 60_000);
});

function assertNoSecretIn(all: Span[], secrets: string[]): void {
  for (const span of all) {
    const said = JSON.stringify([span.name, span.attributes, span.events]);
    for (const secret of secrets) {
      expect(said.includes(secret), `span "${span.name}" of ${span.service} holds "${secret}": ${said}`).toBe(
        false,
      );
    }
  }
}
