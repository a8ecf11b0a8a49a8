import { pino, type Logger } from 'pino';
import { traceFields } from './telemetry.ts';

export type { Logger };

/** Everything that could identify a secret is redacted before a line is written. */
const redact = [
  'password',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.thrivecart_secret',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/**
 * Every line written while a span is active carries its `trace_id` and `span_id` (docs/tracing.md), so a
 * request's or a job's lines and its trace find each other.
 */
export function createLogger(options: { level: string; name: string }): Logger {
  return pino({
    level: options.level,
    name: options.name,
    redact: { paths: redact, censor: '[redacted]' },
    mixin: traceFields,
  });
}
