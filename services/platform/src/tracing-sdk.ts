import { register } from 'node:module';
import type { Context } from '@opentelemetry/api';
import { OTLPTraceExporter as OtlpGrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KnexInstrumentation } from '@opentelemetry/instrumentation-knex';
import { KoaInstrumentation, type KoaLayerType } from '@opentelemetry/instrumentation-koa';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ALLOWED_HEADERS, redactAttributes } from './span-redaction.ts';
import { serviceNameOf } from './tracing-request.ts';

/** The packages whose ESM imports are hooked, so their instrumentations can patch them. */
const INSTRUMENTED_MODULES = ['pg', 'pg-pool', 'knex', 'ioredis', 'koa', 'undici'];

/** Paths no one needs a trace of: probes and scrapes, every few seconds. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The OpenTelemetry Node SDK with the instrumentations of what the processes use (http, undici/fetch,
 * koa, pg, knex, ioredis), every span redacted before export (span-redaction.ts), and the exporters the
 * standard variables name: OTEL_TRACES_EXPORTER (otlp, console), OTEL_EXPORTER_OTLP[_TRACES]_PROTOCOL
 * (http/protobuf, http/json, grpc), OTEL_EXPORTER_OTLP[_TRACES]_ENDPOINT, OTEL_BSP_*. The sampler
 * (OTEL_TRACES_SAMPLER[_ARG]), propagators and resource (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) are
 * the SDK's own reading of the environment. BullMQ's spans come from bullmq-otel (telemetry.ts).
 */
export async function startTracing(main: string): Promise<void> {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: INSTRUMENTED_MODULES },
  });
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ? undefined : serviceNameOf(main),
    spanProcessors: [redactingProcessor, ...exportingProcessors()],
    // Traces only: the metrics are Prometheus's (metrics.ts), the logs pino's.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
        headersToSpanAttributes: {
          server: { requestHeaders: ALLOWED_HEADERS.request, responseHeaders: ALLOWED_HEADERS.response },
          client: { requestHeaders: ALLOWED_HEADERS.request, responseHeaders: ALLOWED_HEADERS.response },
        },
      }),
      new UndiciInstrumentation(),
      // One span per router layer (the route that answered), not one per middleware of the chain.
      new KoaInstrumentation({ ignoreLayersType: ['middleware' as KoaLayerType] }),
      // Query text with its placeholders only: the values stay out (enhancedDatabaseReporting off).
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new KnexInstrumentation({ requireParentSpan: true }),
      // The command's name alone: its arguments are keys and values, session ids among them.
      new IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command, args) => `${command} [${args.length} arguments]`,
      }),
    ],
  });
  sdk.start();
  // A script that ends on its own sends what it traced; services flush on SIGTERM (telemetry.ts).
  process.once('beforeExit', () => void sdk.shutdown());
}

/** First of the processors: rewrites a span's attributes as it ends, before any exporter sees it. */
const redactingProcessor: SpanProcessor = {
  onStart(_span: Span, _context: Context) {},
  onEnding(span: Span) {
    const { set, remove } = redactAttributes(span.attributes);
    for (const key of remove) delete (span.attributes as Record<string, unknown>)[key];
    span.setAttributes(set);
    // Events (a job's "completed", an exception) carry attributes of their own.
    for (const event of span.events) {
      if (!event.attributes) continue;
      const redacted = redactAttributes(event.attributes);
      for (const key of redacted.remove) delete event.attributes[key];
      Object.assign(event.attributes, redacted.set);
    }
  },
  onEnd(_span: ReadableSpan) {},
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

function exportingProcessors(): SpanProcessor[] {
  const env = process.env;
  const names = (env.OTEL_TRACES_EXPORTER || 'otlp').split(',').map((name) => name.trim().toLowerCase());
  const batch = (exporter: SpanExporter) =>
    new BatchSpanProcessor({
      exporter,
      maxQueueSize: numberFrom(env.OTEL_BSP_MAX_QUEUE_SIZE),
      scheduledDelayMillis: numberFrom(env.OTEL_BSP_SCHEDULE_DELAY),
      exportTimeoutMillis: numberFrom(env.OTEL_BSP_EXPORT_TIMEOUT),
      maxExportBatchSize: numberFrom(env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE),
    });
  const processors: SpanProcessor[] = [];
  for (const name of new Set(names)) {
    if (name === 'console') processors.push(new SimpleSpanProcessor({ exporter: new ConsoleSpanExporter() }));
    else if (name === 'otlp') processors.push(batch(otlpExporter()));
    else process.stderr.write(`OTEL_TRACES_EXPORTER: ${name} is not one of otlp, console, none\n`);
  }
  return processors;
}

function otlpExporter(): SpanExporter {
  const env = process.env;
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  if (protocol === 'http/json') return new OtlpJsonExporter();
  if (protocol === 'grpc') return new OtlpGrpcExporter();
  if (protocol !== 'http/protobuf') {
    process.stderr.write(
      `OTEL_EXPORTER_OTLP_PROTOCOL: ${protocol} is not one of http/protobuf, http/json, grpc\n`,
    );
  }
  return new OtlpProtobufExporter();
}

function numberFrom(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isFinite(number) && number >= 0 ? number : undefined;
}
