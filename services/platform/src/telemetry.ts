import { SpanStatusCode, trace, type Attributes, type ProxyTracerProvider } from '@opentelemetry/api';
import { BullMQOtel } from 'bullmq-otel';

/**
 * What the app itself does with traces, whether or not tracing was started (`tracing.ts`, preloaded):
 * without it every call here is a cheap no-op. See docs/tracing.md.
 */

const TRACER_NAME = 'sleep-ritual';
/** Where @opentelemetry/api keeps what was registered globally (its own key, stable across 1.x). */
const OTEL_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** Whether this process started the tracing SDK (a tracer provider is registered). */
function tracingStarted(): boolean {
  const registered = (globalThis as Record<symbol, { trace?: unknown } | undefined>)[OTEL_GLOBAL];
  return registered?.trace !== undefined;
}

let telemetry: BullMQOtel | undefined;

/**
 * BullMQ's telemetry for every queue and worker when tracing runs: a job carries the context of the
 * code that queued it (in its options, so on Redis and in PostgreSQL alike), and its processing
 * continues that trace. Undefined (BullMQ does nothing) when tracing does not run.
 */
export function queueTelemetry(): BullMQOtel | undefined {
  if (!tracingStarted()) return undefined;
  telemetry ??= new BullMQOtel({ tracerName: TRACER_NAME });
  return telemetry;
}

/**
 * The active trace context as BullMQ's telemetry carries it in a job's options, or undefined when tracing
 * does not run: taken where a job is asked for, so the job continues that trace even when it is queued
 * later, with others (addBulk), from another context.
 */
export function traceMetadata(): string | undefined {
  const { contextManager } = queueTelemetry() ?? {};
  return contextManager?.getMetadata(contextManager.active());
}

/** The active span's ids for a log line (pino's mixin): `trace_id` and `span_id`, or nothing. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Runs `work` in a span of its own (a child of the active one), which records a failure. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return trace.getTracer(TRACER_NAME).startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Sends the spans not yet exported (a stopping process, before it exits). */
export async function flushTraces(): Promise<void> {
  if (!tracingStarted()) return;
  const provider = (trace.getTracerProvider() as ProxyTracerProvider).getDelegate() as {
    forceFlush?: () => Promise<void>;
  };
  await provider.forceFlush?.().catch(() => undefined);
}
