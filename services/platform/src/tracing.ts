// Preloaded by every process before its app: `node --import @sleep-ritual/platform/tracing src/server.ts`
// (the services' start scripts, scripts/start.ts, compose and Kubernetes through those scripts).
//
// Tracing is configured only by the standard OTEL_* variables, read by the OpenTelemetry SDK, not by
// the configuration schema (docs/tracing.md). With none of them set, or OTEL_SDK_DISABLED=true, this
// module does nothing: the SDK is not even loaded, so tracing costs nothing.
import { tracingRequested } from './tracing-request.ts';

if (tracingRequested(process.env)) {
  const { startTracing } = await import('./tracing-sdk.ts');
  await startTracing(process.argv[1] ?? '');
}
